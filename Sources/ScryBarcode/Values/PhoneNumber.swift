import ScryCore
/// A telephone number: `tel:+1-555-0100`. Field: `number`.
enum PhoneNumber {
    static func value(of text: String) -> BarcodeValue? {
        guard let body = text.afterPrefix("tel:") else { return nil }
        let number = percentDecoded(body).trimmingWhitespace
        guard isNumber(number) else { return nil }
        return BarcodeValue(kind: .phone, fields: ["number": .string(number)])
    }

    /// Whether `text` looks like a dialable number: at least one digit, and only digits,
    /// `+`, `*`, `#`, spaces, dots, dashes, parentheses and commas (pauses).
    static func isNumber(_ text: String) -> Bool {
        text.contains(where: \.isNumber)
            && text.allSatisfy { $0.isASCII && ($0.isNumber || "+*#-.() ,;pPwW".contains($0)) }
    }
}

/// A text message: `sms:number?body=text`, `SMSTO:number:text` (or `smsto:`, `mms:`,
/// `mmsto:`). Fields: `number`, `message`.
enum SMSMessage {
    static func value(of text: String) -> BarcodeValue? {
        var number: String
        var message: String?
        if let body = text.afterPrefix("SMSTO:") ?? text.afterPrefix("MMSTO:") {
            let parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            number = String(parts[0])
            message = parts.count > 1 ? String(parts[1]) : nil
        } else if let body = text.afterPrefix("sms:") ?? text.afterPrefix("mms:") {
            let parts = body.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            number = percentDecoded(parts[0])
            message = parts.count > 1 ? queryParameters(parts[1])["body"] : nil
        } else {
            return nil
        }
        number = number.trimmingWhitespace
        guard PhoneNumber.isNumber(number) else { return nil }
        var value: [String: JSONValue] = ["number": .string(number)]
        value.set("message", message)
        return BarcodeValue(kind: .sms, fields: value)
    }
}
