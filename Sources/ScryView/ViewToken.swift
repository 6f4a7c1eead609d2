/// The secret a view bound beyond loopback asks of every request and WebSocket (`?token=`):
/// 128 random bits from the system's generator, as 32 hexadecimal digits, printed once on
/// stderr as part of the view's URL.
public struct ViewToken: Sendable, Equatable, CustomStringConvertible {
    public let value: String

    public init(value: String) { self.value = value }

    /// A new random token.
    public static func random() -> ViewToken {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<2).map { _ in generator.next() as UInt64 }.map { word -> String in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        return ViewToken(value: digits.joined())
    }

    /// Whether `candidate` is this token, compared in time that does not depend on where they
    /// differ.
    public func accepts(_ candidate: Substring?) -> Bool {
        guard let candidate else { return false }
        let given = Array(candidate.utf8), expected = Array(value.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given, expected) { difference |= a ^ b }
        return difference == 0
    }

    public var description: String { value }
}
