import Glibc
import ScryCore
import ScryNeuralText

/// Handwritten words in a Latin script: the ink drawn as a line of text (`renderedLine`) and
/// read by PP-OCR's line recognizer, then ranked with a word list. The candidates are the
/// recognizer's own greedy reading and the list's 64 words nearest it within an edit distance
/// of a third of its length in bytes (at least 1; letters' case aside), each scored by how
/// likely the recognizer finds it (CTC's forward algorithm over every alignment): `score` is
/// -log of that probability, lower is better. An ink of several words (`Ink.wordsSideBySide`)
/// is read word by word: its best candidate is every word's best, joined by spaces, and the
/// others change one word for its second or third (scores add up).
public final class HandwritingRecognizer {
    private let recognizer: LineRecognizer
    /// How many of the words nearest the greedy reading are scored.
    static let shortlist = 64

    /// The word list's words by their length in bytes: each word, and its bytes lower-cased
    /// (ASCII letters; other bytes as they are).
    private let words: [Int: [(word: String, folded: [UInt8])]]

    /// `wordList`: one word per line (Debian's wamerican, witalian); words with an apostrophe
    /// are left out.
    public init(recognizer: LineRecognizer, wordList: [UInt8]) {
        self.recognizer = recognizer
        var byLength: [Int: [(word: String, folded: [UInt8])]] = [:]
        for line in wordList.split(separator: 0x0A) where !line.isEmpty && !line.contains(0x27) {
            let folded = Self.folded(Array(line))
            byLength[folded.count, default: []].append((String(decoding: line, as: UTF8.self), folded))
        }
        words = byLength
    }

    /// The words the ink may be, best first, at most `count`.
    public func candidates(for ink: Ink, count: Int) throws -> [InkCandidate] {
        let words = ink.wordsSideBySide()
        guard words.count > 1 else { return try wordCandidates(for: ink, count: count) }
        let each = try words.map { try wordCandidates(for: $0, count: InkCandidate.alternativesPerPart) }
        // A part read as nothing: the ink is read whole after all.
        guard each.allSatisfy({ !$0.isEmpty }) else { return try wordCandidates(for: ink, count: count) }
        return InkCandidate.joining(each, separator: " ", count: count)
    }

    /// The words one word's ink may be, best first, at most `count`.
    private func wordCandidates(for ink: Ink, count: Int) throws -> [InkCandidate] {
        guard let line = ink.renderedLine() else { return [] }
        let scores = try recognizer.scores(for: line)
        let greedy = scores.greedyText
        guard !greedy.isEmpty else { return [] }
        let folded = Self.folded(Array(greedy.utf8))
        let reach = max(1, folded.count / 3)
        var near: [(word: String, distance: Int)] = []
        var scratch = EditScratch()
        for length in max(1, folded.count - reach)...(folded.count + reach) {
            for entry in words[length] ?? [] {
                let distance = Self.editDistance(entry.folded, folded, limit: reach, scratch: &scratch)
                if distance <= reach { near.append((entry.word, distance)) }
            }
        }
        // The nearest `shortlist` words are scored (a long word has thousands within reach).
        near.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word < $1.word }
        var texts: Set<String> = [greedy]
        for entry in near.prefix(Self.shortlist) { texts.insert(entry.word) }
        let scored = texts.compactMap { text in scores.logLikelihood(of: text).map { (text, $0) } }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(count)
            .map { InkCandidate(text: $0.0, score: max(0, -$0.1)) }
    }

    /// ASCII letters lower-cased; other bytes (UTF-8's for accented letters) as they are.
    static func folded(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    /// Levenshtein distance over bytes, stopping early (returning more than `limit`) once
    /// every path exceeds it.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        var scratch = EditScratch()
        return editDistance(a, b, limit: limit, scratch: &scratch)
    }

    /// The two rows `editDistance` works in, kept from word to word.
    struct EditScratch {
        var previous: [Int] = []
        var current: [Int] = []
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int, scratch: inout EditScratch) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let columns = b.count + 1
        if scratch.previous.count < columns {
            scratch.previous = [Int](repeating: 0, count: columns)
            scratch.current = [Int](repeating: 0, count: columns)
        }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                scratch.previous.withUnsafeMutableBufferPointer { previousRow in
                    scratch.current.withUnsafeMutableBufferPointer { currentRow in
                        var previous = previousRow.baseAddress!, current = currentRow.baseAddress!
                        for j in 0..<columns { previous[j] = j }
                        for i in 1...a.count {
                            current[0] = i
                            var best = i
                            let character = a[i - 1]
                            for j in 1..<columns {
                                let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (character == b[j - 1] ? 0 : 1))
                                current[j] = value
                                best = min(best, value)
                            }
                            if best > limit { return limit + 1 }
                            swap(&previous, &current)
                        }
                        return previous[columns - 1]
                    }
                }
            }
        }
    }
}
