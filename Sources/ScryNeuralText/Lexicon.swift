/// The words a language correction accepts: word lists such as Debian's `wamerican` and
/// `wbritish` (`/usr/share/dict/american-english`, `british-english`: one word per line,
/// names and possessives included), and any words of the user's (Vision's `customWords`).
/// Case does not count: `Elizabeth`, `elizabeth` and `ELIZABETH` are all the list's `Elizabeth`.
public struct Lexicon: Sendable, Equatable {
    /// The words, lower-cased.
    private var words: Set<String> = []

    public init() {}

    /// The words of `contents`, one per line (UTF-8; blank lines skipped).
    public init(contents: [UInt8]) {
        add(contents: contents)
    }

    /// Adds the words of `contents`, one per line.
    public mutating func add(contents: [UInt8]) {
        for line in contents.split(separator: UInt8(ascii: "\n")) {
            var word = String(decoding: line, as: UTF8.self)
            while let last = word.last, last.isWhitespace { word.removeLast() }
            while let first = word.first, first.isWhitespace { word.removeFirst() }
            if !word.isEmpty { words.insert(word.lowercased()) }
        }
    }

    /// How many words the lexicon holds.
    public var count: Int { words.count }

    /// Whether `word` (letters, maybe with apostrophes) is in the lexicon, in any case. Curly
    /// apostrophes count as straight ones.
    public func contains(_ word: Substring) -> Bool {
        words.contains(word.replacingApostrophes.lowercased())
    }

    /// Whether `core`, a token without punctuation at its ends, is made of lexicon words: the
    /// whole of it, or each part between hyphens and dashes (`good-humoured`, `said—and`).
    func accepts(_ core: Substring) -> Bool {
        if contains(core) { return true }
        let parts = core.split(omittingEmptySubsequences: false, whereSeparator: { Self.joiners.contains($0) })
        return parts.count > 1 && parts.allSatisfy { !$0.isEmpty && contains($0) }
    }

    /// Characters that join two words into one token.
    static let joiners: Set<Character> = ["-", "\u{2010}", "\u{2013}", "\u{2014}"]
}

extension Substring {
    fileprivate var replacingApostrophes: String {
        String(map { $0 == "\u{2019}" ? "'" : $0 })
    }
}
