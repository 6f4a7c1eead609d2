import Glibc
import ScryCore
import ScryLexicon
import ScryNeuralText

/// Handwritten words in a Latin script: the ink drawn as a line of text (`renderedLine`) and
/// read by PP-OCR's line recognizer, then ranked with a word list. The candidates are the
/// recognizer's own greedy reading and the list's 64 words nearest it within an edit distance
/// of a third of its length in bytes (at least 1; letters' case aside; "rn" read for "m" or
/// "cl" for "d", and back, counting as one edit), each scored by how
/// likely the recognizer finds it (CTC's forward algorithm over every alignment): `score` is
/// -log of that probability, lower is better, and a reading the list lacks costs
/// `unlistedCost` more. An ink of several words (`Ink.wordsSideBySide`)
/// is read word by word: its best candidate is every word's best, joined by spaces, and the
/// others change one word for its second or third (scores add up).
///
/// With a pre-context (`PreContext`, ML Kit's `preContext`) ending in a word, the first word's
/// candidates also include the rest of each list word that begins with that word (the ink
/// then continues it), scored alike. A continuation that makes a list word costs nothing
/// more; after a pre-context ending in a word, a new word costs `contextBonus` more for each
/// thing the pre-context speaks against (its own word left unfinished, not a list word; the
/// reading not a list word) and
/// `continuationPreference` more where some reading continues the pre-context's word into a
/// list word. Where the language has a frequency list (wordfreq's, for every handwriting model), a reading after
/// a pre-context ending in a word is weighed instead by how common the words it makes are, as
/// a model of words one by one: the rest of the pre-context's word costs `languageWeight`
/// times -log of the whole word's frequency, a new word as much for each word ("un" + "cle"
/// is "uncle", 10^-4.6; "un" and "de" are two words, 10^-4.4 and 10^-3.8, together 10^-8.2).
/// A new word takes a
/// leading space where the pre-context ends in anything but a space or an opening bracket or
/// quote.
public final class HandwritingRecognizer {
    private let recognizer: LineRecognizer
    /// How many of the words nearest the greedy reading are scored.
    static let shortlist = 64

    /// The word list's words by their length in bytes: each word, and its bytes lower-cased
    /// (ASCII letters; other bytes as they are).
    private let words: [Int: [(word: String, folded: [UInt8])]]

    /// `wordList`: one word per line (Debian's wamerican, witalian); words with an apostrophe
    /// are left out.
    /// `frequencies`: how common the language's words are (wordfreq), which then weighs the
    /// readings after a pre-context (see above).
    public init(recognizer: LineRecognizer, wordList: [UInt8], frequencies: FrequencyList? = nil) {
        self.recognizer = recognizer
        self.frequencies = frequencies
        var byLength: [Int: [(word: String, folded: [UInt8])]] = [:]
        for line in wordList.split(separator: 0x0A) where !line.isEmpty && !line.contains(0x27) {
            let folded = Self.folded(Array(line))
            byLength[folded.count, default: []].append((String(decoding: line, as: UTF8.self), folded))
        }
        words = byLength
        known = Set(byLength.values.joined().map(\.folded))
    }

    /// Every word of the list, folded.
    private let known: Set<[UInt8]>

    /// How common words are, or nil: then the pre-context weighs readings by the list alone.
    private let frequencies: FrequencyList?

    /// How unlikely a word is on its own: `languageWeight` times -log of its frequency (a
    /// word wordfreq lacks, as one of 10^9).
    private func rarity(_ word: [UInt8], in frequencies: FrequencyList) -> Double {
        -Self.languageWeight * log(max(1e-9, frequencies.frequency(of: String(decoding: word, as: UTF8.self).lowercased())))
    }

    /// How much how common words are weighs against the recognizer's likelihood. The
    /// recognizer is sure of itself (a "cl" drawn half-way to a "d" is "d" to it at e^11 to
    /// 1), so its -log likelihood is set against twice the words' -log frequency.
    static let languageWeight = 2.0

    /// What each thing the pre-context speaks against costs a reading: -log of a probability.
    /// The recognizer is sure of itself (a "u" drawn half-way to an "n" is "n" to it at e^8
    /// to 1), so a reading it finds up to e^10 (22,000) times less likely than another still
    /// wins when the pre-context makes it a word and not the other (cursive "n" and "u", "a"
    /// and "o", "cl" and "d", "rn" and "m").
    static let contextBonus = 10.0
    /// What a reading the word list lacks costs without a pre-context, against the list's
    /// words near it: -log of a probability (1 in e^6, about 400). The recognizer's greedy
    /// reading wins over a list word it finds less likely by more than that, so a word the list
    /// lacks (a name, an old spelling) written plainly stays as written, while a letter
    /// half-way to another ("v" read as "w", "q" as "g") no longer makes a word no language
    /// has. Chosen on the ink benchmark's handwritten words (200 a language, two draws):
    /// English's words from Austen, 14-17 of each 200 not in wamerican, read 198-199 of 200
    /// at 4 to 8 and fell to 195-197 at 12 (some of those words changed for list words); the
    /// other languages' words gained most up to 6 (docs/ink-benchmark.md).
    static let unlistedCost = 6.0
    /// How much a new word costs where the pre-context's word could also go on into a word.
    static let continuationPreference = 1.0

    /// The words the ink may be after `preContext`, best first, at most `count` (see above).
    public func candidates(for ink: Ink, count: Int, preContext: String?) throws -> [InkCandidate] {
        let context = PreContext(preContext)
        guard !context.lastWord.isEmpty || context.newWordTakesSpace else { return try candidates(for: ink, count: count) }
        let words = ink.wordsSideBySide()
        if words.count > 1 {
            let first = try wordCandidates(for: words[0], count: InkCandidate.alternativesPerPart, context: context)
            let rest = try words.dropFirst().map { try wordCandidates(for: $0, count: InkCandidate.alternativesPerPart) }
            if !first.isEmpty, rest.allSatisfy({ !$0.isEmpty }) {
                return InkCandidate.joining([first] + rest, separator: " ", count: count)
            }
        }
        return try wordCandidates(for: ink, count: count, context: context)
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

    /// The words one word's ink may be, best first, at most `count`; after `context`, its
    /// continuations too, and a new word with its leading space.
    private func wordCandidates(for ink: Ink, count: Int, context: PreContext? = nil) throws -> [InkCandidate] {
        guard let line = ink.renderedLine() else { return [] }
        let scores = try recognizer.scores(for: line)
        let greedy = scores.greedyText
        guard !greedy.isEmpty else { return [] }
        let folded = Self.folded(Array(greedy.utf8))
        let reach = max(1, folded.count / 3)
        let readings = Self.readings(of: folded)
        var near: [(word: String, distance: Int)] = []
        var scratch = EditScratch()
        for length in Self.lengths(of: readings, reach: reach) {
            for entry in words[length] ?? [] {
                let distance = Self.distance(entry.folded, readings, limit: reach, scratch: &scratch)
                if distance <= reach { near.append((entry.word, distance)) }
            }
        }
        // The nearest `shortlist` words are scored (a long word has thousands within reach).
        near.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word < $1.word }
        var texts: Set<String> = [greedy]
        for entry in near.prefix(Self.shortlist) { texts.insert(entry.word) }
        guard let context else {
            let scored = texts.compactMap { text in
                scores.logLikelihood(of: text).map { (text, -$0 + (known.contains(Self.folded(Array(text.utf8))) ? 0 : Self.unlistedCost)) }
            }
            return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(count)
                .map { InkCandidate(text: $0.0, score: max(0, $0.1)) }
        }
        // The rests of the list's words that begin with the pre-context's word.
        let stem = Self.folded(Array(context.lastWord.utf8))
        var continuations: Set<String> = []
        if !stem.isEmpty {
            var rests: [(text: String, distance: Int)] = []
            for length in Self.lengths(of: readings, reach: reach) {
                for entry in words[stem.count + length] ?? [] where entry.folded.starts(with: stem) {
                    let rest = Array(entry.folded[stem.count...])
                    let distance = Self.distance(rest, readings, limit: reach, scratch: &scratch)
                    if distance <= reach {
                        rests.append((String(decoding: entry.word.utf8.dropFirst(stem.count), as: UTF8.self), distance))
                    }
                }
            }
            rests.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.text < $1.text }
            continuations = Set(rests.prefix(Self.shortlist).map(\.text))
        }
        let stemIsWord = known.contains(stem)
        let candidates = texts.union(continuations).compactMap { text in
            scores.logLikelihood(of: text).map { (text: text, likelihood: $0) }
        }
        // Whether some reading goes on into a word: then a new word costs a little (the
        // pre-context's word "con" is a word, but "con" + "cluded" is likelier than "con" and
        // "duded", and "sh" + "out" than "sh" and "out").
        let someContinue = !stem.isEmpty && candidates.contains { known.contains(stem + Self.folded(Array($0.text.utf8))) }
        var scored: [(text: String, score: Double)] = []
        for (text, likelihood) in candidates {
            let continues = !stem.isEmpty && known.contains(stem + Self.folded(Array(text.utf8)))
            let isWord = known.contains(Self.folded(Array(text.utf8)))
            let folded = Self.folded(Array(text.utf8))
            if let frequencies, !stem.isEmpty {
                // How common the words are: the pre-context's word and the reading as one word,
                // or as two.
                if continues { scored.append((text, -likelihood + rarity(stem + folded, in: frequencies))) }
                if !continuations.contains(text) || isWord {
                    let spaced = context.newWordTakesSpace ? " " + text : text
                    scored.append((spaced, -likelihood + rarity(stem, in: frequencies) + rarity(folded, in: frequencies)))
                }
                continue
            }
            if continues {
                // The rest of the pre-context's word.
                scored.append((text, -likelihood))
            }
            if !continuations.contains(text) || isWord {
                // A word of its own, after the pre-context: each thing the pre-context speaks
                // against costs `contextBonus` (its word left unfinished, the reading no word).
                let spaced = context.newWordTakesSpace ? " " + text : text
                let cost = stem.isEmpty ? 0 : (stemIsWord ? 0 : Self.contextBonus) + (isWord ? 0 : Self.contextBonus)
                    + (someContinue ? Self.continuationPreference : 0)
                scored.append((spaced, -likelihood + cost))
            }
        }
        var seen: Set<String> = []
        return scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.text < $1.text }
            .filter { seen.insert($0.text).inserted }.prefix(count)
            .map { InkCandidate(text: $0.text, score: max(0, $0.score)) }
    }

    /// Letters that cursive writing makes look like others ("rn" and "m", "cl" and "d"), one
    /// for the other; a word one such change away from the reading is one edit away.
    static let confusables: [([UInt8], [UInt8])] = [
        (Array("rn".utf8), Array("m".utf8)), (Array("m".utf8), Array("rn".utf8)),
        (Array("cl".utf8), Array("d".utf8)), (Array("d".utf8), Array("cl".utf8)),
    ]

    /// The reading, and each reading one `confusables` change away from it, with the edits
    /// each has taken (0 or 1).
    static func readings(of folded: [UInt8]) -> [(bytes: [UInt8], edits: Int)] {
        var readings = [(bytes: folded, edits: 0)]
        for (from, to) in confusables where folded.count >= from.count {
            for start in 0...(folded.count - from.count) where folded[start..<(start + from.count)].elementsEqual(from) {
                readings.append((Array(folded[..<start]) + to + folded[(start + from.count)...], 1))
            }
        }
        return readings
    }

    /// The lengths of the words within `reach` of any of the readings.
    static func lengths(of readings: [(bytes: [UInt8], edits: Int)], reach: Int) -> [Int] {
        var lengths: Set<Int> = []
        for reading in readings {
            let left = reach - reading.edits
            lengths.formUnion(max(1, reading.bytes.count - left)...max(1, reading.bytes.count + left))
        }
        return lengths.sorted()
    }

    /// `word`'s edit distance to the nearest reading, a confusable change counting as one
    /// edit; more than `limit` when every reading is further.
    static func distance(_ word: [UInt8], _ readings: [(bytes: [UInt8], edits: Int)], limit: Int,
                         scratch: inout EditScratch) -> Int {
        var best = limit + 1
        for reading in readings {
            let left = min(best - 1, limit) - reading.edits
            guard left >= 0 else { continue }
            best = min(best, reading.edits + editDistance(word, reading.bytes, limit: left, scratch: &scratch))
        }
        return best
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
