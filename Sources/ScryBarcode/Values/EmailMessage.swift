import ScryCore
/// An e-mail: `mailto:address?subject=...&body=...`, a MATMSG (`MATMSG:TO:...;SUB:...;BODY:...;;`),
/// or a bare address. Fields: `address`, `subject`, `body`.
enum EmailMessage {
    static func value(of text: String) -> BarcodeValue? {
        var value: [String: JSONValue] = [:]
        if let body = text.afterPrefix("mailto:") {
            let parts = body.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let address = percentDecoded(parts[0])
            let query = parts.count > 1 ? queryParameters(parts[1]) : [:]
            guard isAddress(address) || (address.isEmpty && query["to"].map(isAddress) == true) else { return nil }
            value.set("address", address.isEmpty ? query["to"] : address)
            value.set("subject", query["subject"])
            value.set("body", query["body"])
        } else if let body = text.afterPrefix("MATMSG:") {
            let fields = TaggedFields(body)
            guard let address = fields.first("TO"), isAddress(address) else { return nil }
            value.set("address", address)
            value.set("subject", fields.first("SUB"))
            value.set("body", fields.first("BODY"))
        } else {
            let trimmed = text.trimmingWhitespace
            guard isAddress(trimmed) else { return nil }
            value.set("address", trimmed)
        }
        return BarcodeValue(kind: .email, fields: value)
    }

    /// Whether `text` has the shape of an address: one `@`, a non-empty local part, and a
    /// domain with a dot and no spaces or control characters.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), text.count <= 254
        else { return false }
        return !text.contains { $0.isWhitespace || $0.isASCIIControl || $0 == "<" || $0 == ">" || $0 == "," }
    }
}
