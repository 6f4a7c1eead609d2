/// Vision's `usesLanguageCorrection` for the neural engine: a word the recognizer read that is
/// not in the lexicon is replaced by the likeliest reading of its columns that is, when the
/// recognizer finds that reading nearly as likely as its own.
///
/// A word's columns run from the space before it to the space after it (or the line's ends).
/// Its other readings come from CTC's prefix beam search over those columns
/// (`CTCScores.likeliestReadings`, Latin letters, apostrophes and punctuation), each scored
/// over every alignment (`logLikelihood(of:)`), as the word read is. Words with digits, and
/// words the lexicon has, are kept as read.
public struct LanguageCorrection: Sendable, Equatable {
    public var lexicon: Lexicon
    /// How much less likely (natural log of the ratio) a lexicon word may be than the word
    /// read and still replace it.
    public var margin: Double
    /// How many readings of a word's columns are looked at, likeliest first.
    public var readings: Int

    public init(lexicon: Lexicon, margin: Double = LanguageCorrection.defaultMargin, readings: Int = 8) {
        self.lexicon = lexicon
        self.margin = margin
        self.readings = readings
    }

    public static let defaultMargin = 4.0

    /// A word read, and what it became.
    public struct Replacement: Sendable, Equatable {
        public var read: String
        public var corrected: String
    }

    /// `characters`, a line's greedy reading (spaces between words, none at either end; from
    /// `scores`), with each word the lexicon lacks replaced where a lexicon word is nearly as
    /// likely. A replacing word's characters share the replaced word's columns evenly and
    /// carry its mean score.
    /// `readable` is `readableClasses(of:)` for `scores`' decoding, when the caller keeps it.
    func corrected(
        _ characters: [CTCDecoding.Character], scores: CTCScores, readable: [Bool]? = nil
    ) -> (characters: [CTCDecoding.Character], replacements: [Replacement]) {
        let readable = readable ?? Self.readableClasses(of: scores.decoding)
        var result: [CTCDecoding.Character] = []
        var replacements: [Replacement] = []
        var index = 0
        while index < characters.count {
            if characters[index].text == " " {
                result.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end + 1 < characters.count, characters[end + 1].text != " " { end += 1 }
            let word = characters[index...end]
            let first = index > 0 ? characters[index - 1].columns.upperBound + 1 : 0
            let last = end + 1 < characters.count ? characters[end + 1].columns.lowerBound - 1 : scores.columns - 1
            let read = word.map(\.text).joined()
            if first <= last, needsLooking(at: read),
                let better = replacement(for: read, in: scores.columns(first...last), readable: readable)
            {
                replacements.append(Replacement(read: read, corrected: better))
                let letters = Array(better)
                let start = word.first!.columns.lowerBound, span = word.last!.columns.upperBound + 1 - start
                let score = word.map(\.score).reduce(0, +) / Float(word.count)
                for (number, letter) in letters.enumerated() {
                    let low = start + number * span / letters.count
                    let high = max(low, start + (number + 1) * span / letters.count - 1)
                    result.append(CTCDecoding.Character(text: String(letter), score: score, columns: low...high))
                }
            } else {
                result += word
            }
            index = end + 1
        }
        return (result, replacements)
    }

    /// Whether `word` may be replaced at all: it has letters and no digit, and the lexicon
    /// lacks it. Checked before a word's columns are copied out of its line's.
    func needsLooking(at word: String) -> Bool {
        guard let core = Self.core(of: word) else { return false }
        return !lexicon.accepts(core)
    }

    /// The lexicon word (with the punctuation read around it) that replaces `word`, read from
    /// `scores` (the word's columns), or nil when `word` stays. `readable` is
    /// `readableClasses(of:)` of `scores`' decoding.
    func replacement(for word: String, in scores: CTCScores, readable: [Bool]? = nil) -> String? {
        guard needsLooking(at: word), let likelihood = scores.logLikelihood(of: word) else { return nil }
        let accepted = readable ?? Self.readableClasses(of: scores.decoding)
        for reading in scores.likeliestReadings(count: readings, acceptedClasses: accepted) {
            guard reading.logLikelihood >= likelihood - margin else { break }
            guard reading.text != word, let readingCore = Self.core(of: reading.text), lexicon.accepts(readingCore) else { continue }
            return reading.text
        }
        return nil
    }

    /// A token without the punctuation at its ends, or nil when it is not a word to correct:
    /// nothing but punctuation, or a digit in it.
    static func core(of token: String) -> Substring? {
        guard !token.contains(where: \.isNumber) else { return nil }
        guard let first = token.firstIndex(where: \.isLetter), let last = token.lastIndex(where: \.isLetter) else { return nil }
        return token[first...last]
    }

    /// For each of `decoding`'s classes (0 the blank), whether a correction may read it
    /// (`isReadable`): made once per recognizer, as the list has thousands of characters.
    static func readableClasses(of decoding: CTCDecoding) -> [Bool] {
        CTCScores.acceptedClasses(of: decoding, where: isReadable)
    }

    /// The characters a correction may read: Latin letters, apostrophes, hyphens, dashes and
    /// the punctuation of prose.
    static func isReadable(_ character: String) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        if scalar.properties.isAlphabetic { return RecognitionScript.isLatin(scalar) }
        return readablePunctuation.contains(scalar)
    }

    static let readablePunctuation: Set<Unicode.Scalar> = [
        "'", "\u{2019}", "\u{2018}", "\"", "\u{201C}", "\u{201D}", "-", "\u{2010}", "\u{2013}", "\u{2014}",
        ",", ".", ";", ":", "!", "?", "(", ")",
    ]
}
