import ScryTestSupport
import ScryText
import Testing

@testable import ScryInk

/// A word tesseract read, weighed against the list's words with the letters its LSTM weighed
/// at each place.
struct HandwritingReadingTests {
    typealias Reading = TesseractHandwritingRecognizer.Reading
    static func letters(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    static func choice(_ text: String, _ confidence: Double) -> LineWord.Choice {
        LineWord.Choice(text: text, confidence: confidence)
    }

    /// "هذه" read with ه at its last place, tesseract weighing ا there at 0.8 of its
    /// confidence: "هذا" is a fifth of an edit away, not a whole one.
    @Test func aLetterWeighedAtAPlaceCostsWhatItsConfidenceFallsShortBy() {
        let word = LineWord(text: "هذه", confidence: 0.7, characters: [
            [Self.choice("ه", 0.9)], [Self.choice("ذ", 0.9), Self.choice("د", 0.3)], [Self.choice("ه", 0.9), Self.choice("ا", 0.72)],
        ])
        let reading = Reading(word)
        #expect(reading.letters == Self.letters("هذه"))
        let distance = { (text: String) in Self.letters(text).withUnsafeBufferPointer { TesseractHandwritingRecognizer.distance($0, reading, limit: 2) } }
        #expect(abs(distance("هذا") - 0.2) < 1e-9)
        // A letter of the same shape stays at half an edit when tesseract weighed it lower.
        #expect(abs(distance("هده") - 0.5) < 1e-9)
        // A letter not weighed there is a whole edit, as without the choices.
        #expect(distance("هذم") == 1)
        #expect(TesseractHandwritingRecognizer.distance(Self.letters("هذا"), Self.letters("هذه"), limit: 2) == 1)
    }

    /// A word tesseract took for left to right comes as it is seen: its letters and their
    /// places turn round together (ن weighed at ب's place, the word's last).
    @Test func aWordReadLeftToRightTurnsItsPlacesRoundWithItsLetters() {
        let word = LineWord(text: "باتك\u{200E}", confidence: 0.5, characters: [
            [Self.choice("ب", 0.9), Self.choice("ن", 0.72)], [Self.choice("ا", 0.9)], [Self.choice("ت", 0.9)], [Self.choice("ك", 0.9)],
        ])
        let reading = Reading(word)
        #expect(reading.letters == Self.letters("كتاب"))
        let distance = Self.letters("كتان").withUnsafeBufferPointer { TesseractHandwritingRecognizer.distance($0, reading, limit: 1) }
        #expect(abs(distance - 0.2) < 1e-9)
        #expect(abs(reading.substitution("ن", at: 3) - 0.2) < 1e-9)
        #expect(reading.substitution("ك", at: 0) == 0)
    }

    /// Characters that do not spell the word's letters (a character of two letters, harakat
    /// on their own) leave the reading without choices: every change costs as without them.
    @Test func choicesThatDoNotSpellTheWordAreLeftOut() {
        let word = LineWord(text: "لا", confidence: 0.5, characters: [[Self.choice("لا", 0.9)]])
        let reading = Reading(word)
        #expect(reading.letters == Self.letters("لا"))
        let split = LineWord(text: "من", confidence: 0.5, characters: [[Self.choice("م", 0.9), Self.choice("ف", 0.89)]])
        #expect(Reading(split).substitution("ف", at: 0) == 1)
        #expect(Reading(split).letters == Self.letters("من"))
    }

    /// Several words read in one ink, joined into one word, keep each place's choices.
    @Test func joinedReadingsKeepTheirPlaces() {
        let first = Reading(LineWord(text: "في", confidence: 0.5, characters: [[Self.choice("ف", 0.9), Self.choice("ق", 0.9)], [Self.choice("ي", 0.9)]]))
        let second = Reading(LineWord(text: "ال", confidence: 0.5, characters: [[Self.choice("ا", 0.9)], [Self.choice("ل", 0.8), Self.choice("ك", 0.4)]]))
        let joined = Reading(joining: [first, second])
        #expect(joined.letters == Self.letters("فيال"))
        #expect(joined.substitution("ق", at: 0) == 0)
        #expect(abs(joined.substitution("ك", at: 3) - 0.5) < 1e-9)
        let without = Reading(joining: [first, Reading(letters: Self.letters("ال"))])
        #expect(without.substitution("ق", at: 0) == 0.5)
    }

    /// The search's distance, which works out only the cells near the diagonal and looks each
    /// price up in the reading's table, against every cell worked out from the letters
    /// weighed: the same edits wherever they are within the limit, else the limit plus one.
    @Test func theSearchsDistanceIsEveryCellsWithinTheLimit() {
        var generator = SplitMix64(state: 12)
        // Letters of one shape, alefs, and one letter outside the list's alphabet (U+06A9).
        let pool = Self.letters("بتثنيجحخاأسشعغهةوکلم")
        func word(_ length: Int) -> [Unicode.Scalar] { (0..<length).map { _ in pool[Int(generator.next() % UInt64(pool.count))] } }
        var compared = 0, within = 0
        for _ in 0..<3000 {
            let read = word(1 + Int(generator.next() % 8))
            let places = read.map { _ in
                (0..<Int(generator.next() % 3)).map { _ in (letter: pool[Int(generator.next() % UInt64(pool.count))], price: Double(generator.next() % 100) / 100) }
            }
            let reading = Reading(letters: read, alternatives: places)
            let other = word(max(0, read.count - 2 + Int(generator.next() % 5)))
            let limit = 1 + Int(generator.next() % 3)
            let full = Self.fullDistance(other, reading)
            let searched = other.withUnsafeBufferPointer { TesseractHandwritingRecognizer.distance($0, reading, limit: limit) }
            if full <= Double(limit) {
                #expect(abs(searched - full) < 1e-9, "\(other) \(read) \(limit)")
                within += 1
            } else {
                #expect(searched == Double(limit + 1), "\(other) \(read) \(limit)")
            }
            compared += 1
        }
        #expect(within > 300 && compared - within > 300)
    }

    /// Every cell of the edit matrix, each change priced by `Reading.substitution`.
    static func fullDistance(_ a: [Unicode.Scalar], _ reading: Reading) -> Double {
        let b = reading.letters
        var rows = [[Double]](repeating: [Double](repeating: 0, count: b.count + 1), count: a.count + 1)
        for j in stride(from: 1, through: b.count, by: 1) { rows[0][j] = rows[0][j - 1] + TesseractHandwritingRecognizer.insertion(b[j - 1]) }
        for i in stride(from: 1, through: a.count, by: 1) {
            rows[i][0] = rows[i - 1][0] + TesseractHandwritingRecognizer.insertion(a[i - 1])
            for j in stride(from: 1, through: b.count, by: 1) {
                rows[i][j] = min(
                    rows[i - 1][j - 1] + reading.substitution(a[i - 1], at: j - 1),
                    rows[i - 1][j] + TesseractHandwritingRecognizer.insertion(a[i - 1]),
                    rows[i][j - 1] + TesseractHandwritingRecognizer.insertion(b[j - 1]))
            }
        }
        return rows[a.count][b.count]
    }
}

