import Foundation
import ScryCore

/// `scry vocab known list` and `add`: one word on the learner's list of known words.
public struct KnownWordLine: OutputLine {
    public static let lineType = "known_word"

    public var word: KnownWord

    public init(_ word: KnownWord) { self.word = word }

    public var members: [String: JSONValue] {
        ["word": .string(word.word), "added_at": .string(NotebookExport.timestamp(word.addedAt))]
    }

    public static var examples: [KnownWordLine] {
        [KnownWordLine(KnownWord(word: "lantern", addedAt: Date(timeIntervalSince1970: 1_795_000_000)))]
    }
}

extension KnownWordLine: PlainLine {
    /// The word.
    public var plainText: String? { PlainText.oneLine(word.word) }
}
