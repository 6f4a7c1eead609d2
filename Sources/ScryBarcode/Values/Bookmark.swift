import ScryCore
/// A web address: `http://` or `https://` text, or a MEBKM bookmark (`MEBKM:TITLE:...;URL:...;;`).
/// Fields: `url`, and `title` when the bookmark has one.
enum Bookmark {
    static func value(of text: String) -> BarcodeValue? {
        if let body = text.afterPrefix("MEBKM:") {
            let fields = TaggedFields(body)
            guard let url = fields.first("URL"), !url.isEmpty else { return nil }
            var value: [String: JSONValue] = ["url": .string(url)]
            value.set("title", fields.first("TITLE"))
            return BarcodeValue(kind: .url, fields: value)
        }
        let trimmed = text.trimmingWhitespace
        guard trimmed.afterPrefix("http://") != nil || trimmed.afterPrefix("https://") != nil,
            !trimmed.contains(where: { $0.isWhitespace || $0.isASCIIControl })
        else { return nil }
        return BarcodeValue(kind: .url, fields: ["url": .string(trimmed)])
    }
}

extension Character {
    /// A C0 control character or DEL.
    var isASCIIControl: Bool {
        guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
        return scalar.value < 0x20 || scalar.value == 0x7F
    }
}
