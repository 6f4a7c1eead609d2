import ScryCore
/// A dictionary of English words, such as Debian's `wamerican` list
/// (`/usr/share/dict/american-english`, one word per line). Words listed only with a capital
/// (names: `Paris`, `Monday`) are proper nouns and are not vocabulary: `contains` is false for
/// them in any case.
public struct WordList: Sendable {
    private let words: Set<String>

    /// The list in `contents`, one word per line (UTF-8; blank lines are skipped).
    public init(contents: [UInt8]) {
        self.init(
            contents.split(separator: UInt8(ascii: "\n")).lazy.map {
                String(decoding: $0, as: UTF8.self).trimmingWhitespace
            })
    }

    /// The list of `words` as written: lower-case entries are common words.
    public init<S: Sequence<String>>(_ words: S) {
        self.words = Set(words.filter { !$0.isEmpty && $0 == $0.lowercased() })
    }

    /// How many common (lower-case) words the list holds.
    public var count: Int { words.count }

    /// Whether `word`, in any case, is a common word of the list.
    public func contains(_ word: String) -> Bool { words.contains(word.lowercased()) }
}
