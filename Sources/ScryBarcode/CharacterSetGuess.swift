import Foundation

/// Which character set a decoder took bytes that are not UTF-8 to be in. zxing-cpp, given a
/// QR code's byte-mode segment without an ECI, guesses: ISO-8859-1 (QR's default) unless the
/// bytes read better as Shift_JIS. It does not say which it chose, so Scry finds out by
/// decoding the bytes both ways and comparing with zxing-cpp's text.
enum CharacterSetGuess {
    /// "ISO-8859-1", "Shift_JIS", or "unknown" when the text is neither decoding of `bytes`.
    static func name(of bytes: [UInt8], decodedAs text: [UInt8]) -> String {
        let decoded = String(decoding: text, as: UTF8.self)
        if decoded == String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) { return "ISO-8859-1" }
        if let shiftJIS = String(bytes: bytes, encoding: .shiftJIS), shiftJIS == decoded { return "Shift_JIS" }
        return "unknown"
    }
}
