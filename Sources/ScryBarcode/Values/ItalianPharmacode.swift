import ScryCore
/// An Italian pharmaceutical code (Code 32, "codice farmaceutico"): a Code 39 symbol of six
/// characters from a 32-character alphabet (digits and consonants) that, read as a base-32
/// number, gives nine decimal digits whose last is their check digit. The number is printed
/// with an "A" in front. Field: `code_32` ("A" and the nine digits).
///
/// Code 39 symbols are reported with their literal text; this value is the pharmacode
/// reading of those that qualify. An ordinary six-character Code 39 qualifies by chance about
/// once in 60, so the literal payload stays the symbol's content.
enum ItalianPharmacode {
    static let alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ")

    static func value(ofCode39 text: String) -> BarcodeValue? {
        guard let number = number(ofCode39: text) else { return nil }
        return BarcodeValue(kind: .pharmacode, fields: ["code_32": .string("A" + number)])
    }

    /// The nine digits a six-character Code 32 symbol holds, when `text` is one and its check
    /// digit holds.
    static func number(ofCode39 text: String) -> String? {
        let characters = Array(text)
        guard characters.count == 6 else { return nil }
        var value = 0
        for character in characters {
            guard let digit = alphabet.firstIndex(of: character) else { return nil }
            value = value * 32 + digit
        }
        guard value < 1_000_000_000 else { return nil }
        let digits = String(value)
        let padded = String(repeating: "0", count: 9 - digits.count) + digits
        let body = padded.prefix(8).compactMap(\.wholeNumberValue)
        // Digits in odd positions count once, those in even positions doubled with their
        // digits summed (as Luhn); the check digit is the sum modulo 10.
        let sum = body.enumerated().reduce(0) { total, item in
            let (offset, digit) = item
            guard offset % 2 == 1 else { return total + digit }
            let doubled = digit * 2
            return total + doubled / 10 + doubled % 10
        }
        guard sum % 10 == padded.last?.wholeNumberValue else { return nil }
        return padded
    }
}
