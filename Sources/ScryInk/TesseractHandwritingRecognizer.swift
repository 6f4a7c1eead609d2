import Glibc
import ScryCore
import ScryLexicon
import ScryText

/// Handwritten words of a script PP-OCR's recognizer does not read (Arabic, written right to
/// left): the ink drawn as a line of text (`renderedLine`, 20 px of white at either side) four
/// times (`drawings`): 96 px high with the ink 64 px of it, with round pens 5 and 7 px wide
/// and a reed's broad nib, and 128 px high with the ink 88 px of it and a round pen 9.6 px
/// wide; each drawing read as one raw line (no layout analysis) by tesseract's LSTM model for
/// the language (Debian's tesseract-ocr-ara), then each word tesseract reads corrected with
/// the language's wordfreq list; a text several drawings give keeps its best score.
///
/// A word's candidates are tesseract's reading and the list's words within an edit distance
/// of a third of its length in characters (at least 1), each scored as -log of a probability:
/// `editCost` for each edit plus -log of the word's frequency (a reading the list lacks counts
/// as one word in 10^9). So a list word one edit from the reading wins over the reading when
/// it is more common than one word in 10^6, and a reading that is a list word stays unless a
/// word one edit away is `e^editCost` (1,000) times more common. A letter changed for one of
/// the same shape that differs only in its dots or hamza (غ for ع, ج for ح, ت for ب: a hand's
/// dots are what tesseract misreads most) counts as half an edit (`dotEdit`), so such a word
/// wins when it is about 32 times more common; an alef added or dropped counts 0.7 of one
/// (`alefEdit`). A letter changed for another that tesseract's LSTM weighed at that place
/// (`Reading`) costs instead, when that is less, the share by which its confidence falls
/// short of the letter read (a letter weighed at 0.8 of the read one's confidence: a fifth
/// of an edit). Tesseract's harakat and tatweel are dropped first, as wordfreq drops them. An ink of several words (tesseract
/// reads the spaces) is read word by word; its best candidate is every word's best, joined by
/// spaces in the order the text is stored, and the others change one word for its second or
/// third (scores add up). The words read joined into one are its candidates instead when
/// that one's best scores lower (a gap after a letter that does not join the next, such as
/// ا or د, read as a space).
///
/// With a pre-context (`PreContext`, ML Kit's `preContext`) ending in a word, the first word
/// may go on with that word: the rest of each list word beginning with the pre-context's word
/// and within reach of the reading is a candidate, costing its edits and -log of the whole
/// word's frequency; a new word costs -log of the pre-context's word's frequency on top of
/// its own, and takes a leading space (as it does after anything but a space or an opening
/// bracket or quote).
public final class TesseractHandwritingRecognizer {
    /// Tesseract's engines, reading the ink's drawings at once, one per core.
    private let readers: TesseractReaders
    private let frequencies: FrequencyList
    /// The list's words of the script, by their length in characters.
    private let words: [Int: WordsOfOneLength]

    /// The list's words of one length: the words, and their letters one word after another
    /// (`length` letters each), so that the search runs through one block of letters.
    private struct WordsOfOneLength {
        let length: Int
        var words: [String] = []
        var letters: [Unicode.Scalar] = []
    }

    /// What one edit between the reading and a word costs: -log of a probability (1 in 1,000).
    static let editCost = log(1000.0)
    /// How unlikely a word the list lacks is: -log of one in 10^9.
    static let unknownWordCost = -log(1e-9)

    /// `language`: tesseract's trained-data name (`ara`); `frequencies`: wordfreq's list of
    /// that language, whose words made only of `letters` are the words it corrects to.
    public init(language: String, frequencies: FrequencyList, letters: ClosedRange<Unicode.Scalar>) throws {
        readers = try TesseractReaders(language: language, capacity: Self.drawings.count)
        self.frequencies = frequencies
        var byLength: [Int: WordsOfOneLength] = [:]
        for word in frequencies.words {
            let scalars = Array(word.unicodeScalars)
            guard !scalars.isEmpty, scalars.allSatisfy({ letters.contains($0) }) else { continue }
            byLength[scalars.count, default: WordsOfOneLength(length: scalars.count)].words.append(word)
            byLength[scalars.count]!.letters += scalars
        }
        words = byLength
    }

    /// One drawing of the ink for tesseract to read: the line's height and the ink's within it,
    /// in pixels, and the pen.
    struct Drawing {
        var lineHeight: Int
        var inkHeight: Double
        var pen: InkPen
    }

    /// The drawings of the ink, one reading each: a thin round pen keeps letters apart, a
    /// broad one closes the gaps and stray spurs of a hand's strokes, and a reed's broad nib,
    /// 3 px by 8 leaning like /, draws a stroke's turns thick and thin as the printed letters
    /// tesseract learnt are; the broad round pen again on a line a third larger gives tesseract
    /// the same strokes sampled anew (its LSTM scales each line to the height it reads at). Each text
    /// keeps its best score of the four (docs/ink-benchmark.md).
    static let drawings: [Drawing] = [
        Drawing(lineHeight: 96, inkHeight: 64, pen: .round(radius: 2.5)),
        Drawing(lineHeight: 96, inkHeight: 64, pen: .round(radius: 3.5)),
        Drawing(lineHeight: 96, inkHeight: 64, pen: .broadNib(halfWidth: 1.5, halfLength: 4, lean: 45)),
        Drawing(lineHeight: 128, inkHeight: 88, pen: .round(radius: 4.8)),
    ]

    /// The ink's readings, best first, at most `count`, after `preContext` (see above).
    public func candidates(for ink: Ink, count: Int, preContext: String?) -> [InkCandidate] {
        let context = PreContext(preContext)
        let lines = Self.drawings.compactMap {
            ink.renderedLine(height: $0.lineHeight, inkHeight: $0.inkHeight, pen: $0.pen, margin: 20)
        }
        // Each drawing read and its words weighed against the list on a core of its own.
        let readings = readers.map(lines) { engine, line in
            candidates(reading: engine.wordsOfLine(in: line), count: count, context: context)
        }.flatMap { $0 }
        return Array(Self.best(readings).prefix(count))
    }

    /// The readings of the words tesseract read in the ink drawn with one pen, best first, at
    /// most `count`.
    private func candidates(reading words: [LineWord], count: Int, context: PreContext) -> [InkCandidate] {
        let read = words.map(Reading.init).filter { !$0.letters.isEmpty }
        guard let first = read.first else { return [] }
        let whole = firstWordCandidates(Reading(joining: read), context: context, count: count)
        guard read.count > 1 else { return whole }
        let parts = [firstWordCandidates(first, context: context, count: InkCandidate.alternativesPerPart)]
            + read.dropFirst().map { wordCandidates($0, count: InkCandidate.alternativesPerPart) }
        let words = InkCandidate.joining(parts, separator: " ", count: count)
        // A gap after a letter that does not join the next may be read as a space.
        guard let wholeBest = whole.first, let wordsBest = words.first else { return words }
        return wholeBest.score < wordsBest.score ? whole : words
    }

    /// The first word's candidates after `context`: as `wordCandidates`, or after a word,
    /// that word's continuations and a new word priced as above; a new word's leading space.
    private func firstWordCandidates(_ reading: Reading, context: PreContext, count: Int) -> [InkCandidate] {
        let space = context.newWordTakesSpace ? " " : ""
        let fresh = wordCandidates(reading, count: max(count, InkCandidate.alternativesPerPart))
        guard !context.lastWord.isEmpty else {
            return fresh.map { InkCandidate(text: space + $0.text, score: $0.score) }
        }
        let before = Array(context.lastWord.unicodeScalars)
        let beforeCost = cost(of: context.lastWord)
        var candidates = fresh.map { InkCandidate(text: space + $0.text, score: $0.score + beforeCost) }
        let reach = Self.reach(reading.letters)
        for length in (reading.letters.count - reach)...(reading.letters.count + reach) where length >= 1 {
            guard let group = words[before.count + length] else { continue }
            group.letters.withUnsafeBufferPointer { letters in
                for (index, word) in group.words.enumerated() {
                    let entry = UnsafeBufferPointer(rebasing: letters[(index * group.length)..<((index + 1) * group.length)])
                    guard entry.starts(with: before) else { continue }
                    let rest = UnsafeBufferPointer(rebasing: entry[before.count...])
                    let distance = Self.distance(rest, reading, limit: reach)
                    guard distance <= Double(reach) else { continue }
                    candidates.append(InkCandidate(
                        text: String(String.UnicodeScalarView(rest)),
                        score: distance * Self.editCost + cost(of: word)))
                }
            }
        }
        return Array(Self.best(candidates).prefix(count))
    }

    /// One word's candidates: the reading and the list's words within reach, best first.
    private func wordCandidates(_ reading: Reading, count: Int) -> [InkCandidate] {
        let text = String(String.UnicodeScalarView(reading.letters))
        var candidates = [InkCandidate(text: text, score: cost(of: text))]
        let reach = Self.reach(reading.letters)
        for length in (reading.letters.count - reach)...(reading.letters.count + reach) where length >= 1 {
            guard let group = words[length] else { continue }
            group.letters.withUnsafeBufferPointer { letters in
                for (index, word) in group.words.enumerated() {
                    let entry = UnsafeBufferPointer(rebasing: letters[(index * length)..<((index + 1) * length)])
                    let distance = Self.distance(entry, reading, limit: reach)
                    guard distance <= Double(reach), distance > 0 else { continue }
                    candidates.append(InkCandidate(text: word, score: distance * Self.editCost + cost(of: word)))
                }
            }
        }
        return Array(Self.best(candidates).prefix(count))
    }

    /// -log of how common `word` is (a word the list lacks: `unknownWordCost`).
    private func cost(of word: String) -> Double {
        let frequency = frequencies.frequency(of: word)
        return frequency > 0 ? -log(frequency) : Self.unknownWordCost
    }

    /// How many edits a word may be from the reading: a third of its length, at least 1.
    static func reach(_ reading: [Unicode.Scalar]) -> Int { max(1, reading.count / 3) }

    /// Candidates best first, each text once (its best score), ties by text.
    static func best(_ candidates: [InkCandidate]) -> [InkCandidate] {
        var kept: [String: InkCandidate] = [:]
        for candidate in candidates where kept[candidate.text].map({ candidate.score < $0.score }) ?? true {
            kept[candidate.text] = candidate
        }
        return kept.values.sorted { $0.score != $1.score ? $0.score < $1.score : $0.text < $1.text }
    }

    /// The reading's letters, first letter first: without harakat (U+064B-U+065F, U+0670),
    /// tatweel (U+0640) and anything that is not a letter; a word tesseract took for left to
    /// right (marked U+200E) turned round.
    static func plain(_ text: String) -> [Unicode.Scalar] {
        let letters = Array(text.unicodeScalars).filter { scalar in
            !(0x064B...0x065F).contains(scalar.value) && scalar.value != 0x0670 && scalar.value != 0x0640
                && scalar.properties.isAlphabetic
        }
        return text.unicodeScalars.contains("\u{200E}") ? letters.reversed() : letters
    }

    /// What changing a letter for one of the same shape costs, in edits: Arabic letters that
    /// differ only in their dots or hamza (ب ت ث ن ي, ج ح خ, ع غ, ...) are the ones a hand's
    /// dots confuse most, so such a change counts as a fraction of an edit.
    static let dotEdit = 0.5

    /// Letters of one shape that differ only in their dots or a hamza (the rasm).
    static let shapes = ["بتثنيىئ", "جحخ", "دذ", "رز", "سش", "صض", "طظ", "عغ", "فق", "هة", "اأإآ", "وؤ"]

    /// Each letter's place in `shapes` plus 1, by its code point from U+0621 (0: none).
    private static let shapeOfLetter: [Int] = {
        var shape = [Int](repeating: 0, count: 0x064A - 0x0621 + 1)
        for (number, letters) in shapes.enumerated() {
            for letter in letters.unicodeScalars { shape[Int(letter.value) - 0x0621] = number + 1 }
        }
        return shape
    }()

    /// What changing `a` for `b` costs, in edits: 0 for the same letter, `dotEdit` for a
    /// letter of the same shape, 1 otherwise.
    static func substitution(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Double {
        if a == b { return 0 }
        let first = Int(a.value) - 0x0621, second = Int(b.value) - 0x0621
        guard shapeOfLetter.indices.contains(first), shapeOfLetter.indices.contains(second) else { return 1 }
        let shape = shapeOfLetter[first]
        return shape != 0 && shape == shapeOfLetter[second] ? dotEdit : 1
    }

    /// What adding or dropping an alef (ا) costs, in edits: a single upright stroke, the
    /// letter tesseract most often reads into a stray stroke or a gap, or misses.
    static let alefEdit = 0.7

    /// What adding or dropping `letter` costs, in edits: `alefEdit` for an alef, 1 otherwise.
    static func insertion(_ letter: Unicode.Scalar) -> Double {
        letter == "ا" ? alefEdit : 1
    }

    /// Levenshtein distance between `a` and `b` in edits, a change between letters of the
    /// same shape counting `dotEdit` and an alef added or dropped `alefEdit`; or `limit + 1`
    /// when it is larger than `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Double {
        a.withUnsafeBufferPointer { distance($0, Reading(letters: b), limit: limit) }
    }

    /// As above, against a reading whose places may hold letters tesseract weighed there:
    /// changing the reading's letter for one of those costs what `Reading.substitution`
    /// says when that is less. Only the cells within `limit / alefEdit` of the diagonal are
    /// worked out: any other costs more than `limit` (no edit that adds or drops a letter
    /// costs less than `alefEdit`).
    static func distance(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ reading: Reading, limit: Int) -> Double {
        let b = reading.letters
        let over = Double(limit + 1)
        guard abs(a.count - b.count) <= limit else { return over }
        guard !b.isEmpty else {
            let added = a.reduce(0) { $0 + insertion($1) }
            return added > Double(limit) ? over : added
        }
        let band = Int(Double(limit) / alefEdit)
        return reading.substitutionPrices.withUnsafeBufferPointer { prices in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (b.count + 1)) { rows in
                var previous = UnsafeMutableBufferPointer(rebasing: rows[0...b.count])
                var current = UnsafeMutableBufferPointer(rebasing: rows[(b.count + 1)...])
                previous[0] = 0
                for j in 1...b.count { previous[j] = j <= band ? previous[j - 1] + insertion(b[j - 1]) : .infinity }
                for i in 0..<a.count {
                    let letter = a[i]
                    let added = insertion(letter)
                    // The prices of changing each of the reading's letters for this one.
                    let row: UnsafePointer<Double>? =
                        prices.isEmpty || !Reading.alphabet.contains(letter.value)
                        ? nil : prices.baseAddress! + Int(letter.value - Reading.alphabet.lowerBound) * b.count
                    current[0] = previous[0] + added
                    var smallest = current[0]
                    let first = max(1, i + 1 - band), last = min(b.count, i + 1 + band)
                    if first > 1 { current[first - 1] = .infinity }
                    if first <= last {
                        for j in first...last {
                            let price = row?[j - 1] ?? reading.substitution(letter, at: j - 1)
                            current[j] = min(previous[j - 1] + price, previous[j] + added, current[j - 1] + insertion(b[j - 1]))
                            smallest = min(smallest, current[j])
                        }
                    }
                    if last < b.count { current[last + 1] = .infinity }
                    if smallest > Double(limit) { return over }
                    swap(&previous, &current)
                }
                return previous[b.count] > Double(limit) ? over : previous[b.count]
            }
        }
    }
}
