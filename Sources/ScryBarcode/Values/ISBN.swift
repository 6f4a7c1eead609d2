import ScryCore
/// A book number: an EAN-13 in the Bookland ranges 978 and 979. Fields: `isbn13`, `isbn10`
/// (the older 10-character form, which exists for 978 only), and `add_on` when an EAN-5
/// price add-on followed the code.
enum ISBN {
    static func value(ofEAN13 text: String) -> BarcodeValue? {
        guard text.count == 13 || text.count == 15 || text.count == 18, text.allSatisfy(\.isASCIINumber),
            text.hasPrefix("978") || text.hasPrefix("979")
        else { return nil }
        let isbn13 = String(text.prefix(13))
        var fields: [String: JSONValue] = ["isbn13": .string(isbn13)]
        if isbn13.hasPrefix("978") { fields["isbn10"] = .string(isbn10(from: isbn13)) }
        if text.count > 13 { fields["add_on"] = .string(String(text.dropFirst(13))) }
        return BarcodeValue(kind: .isbn, fields: fields)
    }

    /// The ISBN-10 of a 978 ISBN-13: its nine digits after 978, then a mod-11 check digit
    /// (`X` for 10).
    static func isbn10(from isbn13: String) -> String {
        let body = Array(isbn13.dropFirst(3).prefix(9)).compactMap(\.wholeNumberValue)
        let sum = body.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        let check = (11 - sum % 11) % 11
        return body.map(String.init).joined() + (check == 10 ? "X" : String(check))
    }
}
