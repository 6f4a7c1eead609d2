import ScryCore
import ScryNeuralText

/// Handwritten Japanese or Chinese characters: several side by side (left to right) read as a
/// line, or one character from two readings of its ink: zinnia's over the strokes (their order,
/// number and direction, as tegaki's models learned them) and PP-OCR's line recognizer over the
/// ink drawn as a picture (which does not care how it was drawn).
///
/// 0. An ink at least 1.25 times as wide as high is drawn as a line (`renderedLine()`, as a
///    Latin word is) and its likeliest readings among texts of the script are found
///    (`CTCScores.likeliestReadings`). When the likeliest has more than one character, the
///    ink is several characters: those readings are the candidates, each scored -log of its
///    probability (and the pre-context's cost of step 5, by its first character). Otherwise
///    it is one character:
/// 1. The ink is drawn fitted in a square (`renderedLine(widestRatio: 1)`) and every character
///    of the script is scored as the whole line's reading (CTC); the 50 likeliest, with
///    zinnia's 50 best, are the shortlist.
/// 2. The recognizer reads a lone character less surely than one in a line of text, so the ink
///    is drawn twice side by side and each shortlisted character scored as that character
///    twice; half that -log likelihood is its reading score (for a character the recognizer
///    does not know, the worst of the others').
/// 3. With printed characters (`PrintedCharacters`, Japanese): the ink's shape is compared
///    with each shortlisted character as fonts print it (`CharacterShape`), and the distance,
///    times `printedWeight`, is added (for a character no font has, the farthest two shapes
///    can be). Only the candidates that can still be among the best are compared. The
///    picture's recognizer confuses characters whose whole shapes differ when one is drawn
///    alone (キ read as 牛, ヤ as 中).
/// 4. `score` = reading score + zinnia's score (log(1 + e^-margin); for a character zinnia does
///    not list, one more than its last one's) + the printed shape's. Lower is better. For
///    Japanese, a kana of the ha row whose semi-voiced mark (゜) the strokes contradict pays
///    `semiVoicedMarkCost` (`SemiVoicedMark`): neither the picture's reading nor the printed
///    shape tells the mark's small circle from the two ticks of the voiced mark (ぱ and ば).
///    When the mark is drawn, the marked kana of the shortlist's ha row join it.
/// 5. With a pre-context (ML Kit's: the text just before the ink), a candidate of another
///    script than the pre-context's last character (hiragana, katakana or ideograph) pays
///    `otherScriptCost`: text mostly goes on in the script it is in, and some characters of
///    different scripts are drawn alike (ロ and 口, ニ and 二, エ and 工, ト and 卜, へ and ヘ).
public final class CharacterRecognizer {
    /// Which characters an ink may be.
    public enum Script: Sendable {
        /// Hiragana, katakana, the prolonged sound mark, 々 and CJK ideographs.
        case japanese
        /// CJK ideographs.
        case chinese

        /// The kind of character `text` is, for the pre-context: 0 hiragana, 1 katakana (with
        /// the prolonged sound mark), 2 ideograph (with 々), nil otherwise.
        static func kind(of text: Substring) -> Int? {
            guard let value = text.unicodeScalars.first?.value else { return nil }
            if (0x3041...0x309F).contains(value) { return 0 }
            if (0x30A0...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) { return 1 }
            if (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || value == 0x3005 { return 2 }
            return nil
        }

        func includes(_ text: String) -> Bool {
            guard text.unicodeScalars.count == 1, let value = text.unicodeScalars.first?.value else { return false }
            let ideograph = (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            switch self {
            case .japanese:
                return ideograph || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value) || value == 0x30FC || value == 0x3005
            case .chinese:
                return ideograph
            }
        }
    }

    private let zinnia: ZinniaRecognizer
    private let reader: LineRecognizer
    private let script: Script
    private let printed: PrintedCharacters?

    public init(zinnia: ZinniaRecognizer, reader: LineRecognizer, script: Script, printed: PrintedCharacters? = nil) {
        self.zinnia = zinnia
        self.reader = reader
        self.script = script
        self.printed = printed
    }

    /// How many of each reading's best characters are weighed.
    static let shortlist = 50

    /// How much wider than high an ink is at the least when it is read as several characters
    /// side by side (one character is about as wide as high; two, about twice).
    static let severalCharactersWidth = 1.25

    /// How many readings of the ink as a line are looked for (at least `count`).
    static let lineReadings = 8

    /// What a printed shape's distance (0 to 1.41) weighs in the score: chosen on lone
    /// characters drawn for trial (Hershey's Japanese glyphs written with seed 7, and 300 kanji
    /// from KanjiVG's strokes), not on the benchmark's.
    static let printedWeight = 40.0

    /// What a kana of the ha row pays when its semi-voiced mark (゜) disagrees with the strokes
    /// (`SemiVoicedMark`): ぱ when no stroke is drawn as the mark, は and ば when one is.
    static let semiVoicedMarkCost = 5.0

    /// What a candidate of another script than the pre-context's pays (in the scores' units,
    /// natural logs: e^1.5 times less likely).
    static let otherScriptCost = 1.5

    /// The characters the ink is (several side by side, or one), best first, at most `count`.
    /// `writingArea` places a lone character's ink for zinnia (`ZinniaRecognizer`); `preContext`
    /// is the text written just before the ink.
    public func candidates(
        for ink: Ink, writingArea: (width: Double, height: Double)? = nil, preContext: String? = nil, count: Int
    ) throws -> [InkCandidate] {
        guard count > 0, let (left, top, right, bottom) = ink.bounds else { return [] }
        let contextKind = preContext.flatMap { context in
            context.unicodeScalars.last { !$0.properties.isWhitespace }.flatMap { Script.kind(of: Substring(String($0))) }
        }
        // Several characters side by side (a wide ink): the line's own readings.
        if right - left >= Self.severalCharactersWidth * (bottom - top), let line = ink.renderedLine(),
           case let lineReadings = try reader.scores(for: line).likeliestReadings(count: max(count, Self.lineReadings), where: { self.script.includes($0) }),
           let best = lineReadings.first, best.text.count > 1 {
            var scored: [(text: String, score: Double)] = []
            for reading in lineReadings {
                var score = -reading.logLikelihood
                if let contextKind, Script.kind(of: Substring(reading.text)) != contextKind { score += Self.otherScriptCost }
                scored.append((reading.text, score))
            }
            return Self.best(scored, count: count)
        }
        guard let once = ink.renderedLine(widestRatio: 1), let twice = ink.sideBySide(copies: 2) else { return [] }
        let strokes = zinnia.candidates(for: ink, writingArea: writingArea, count: Self.shortlist)
        let read = try reader.scores(for: once).singleCharacterLogLikelihoods { self.script.includes($0) }
        var zinniaScores: [String: Double] = [:]
        for candidate in strokes where zinniaScores[candidate.text] == nil { zinniaScores[candidate.text] = candidate.score }
        let unlisted = (strokes.last?.score ?? 0) + 1
        var shortlist = read.prefix(Self.shortlist).map(\.text)
        shortlist += strokes.map(\.text).filter { script.includes($0) && !shortlist.contains($0) }
        let markDrawn = script == .japanese && SemiVoicedMark.isDrawn(in: ink)
        if markDrawn {
            // A kana of the ha row read without the mark drawn stands for its marked sibling.
            shortlist += shortlist.compactMap(SemiVoicedMark.marked(from:)).filter { !shortlist.contains($0) }
        }
        let pair = try reader.scores(for: twice)
        let readings = shortlist.map { text in pair.logLikelihood(of: text + text).map { -$0 / 2 } }
        // A character the recognizer does not know is read as unlikely as the least likely one.
        let unread = readings.compactMap { $0 }.max() ?? 0
        var scored: [(text: String, score: Double)] = []
        for (text, reading) in zip(shortlist, readings) {
            let strokesScore: Double = zinniaScores[text] ?? unlisted
            var score = (reading ?? unread) + strokesScore
            if let contextKind, Script.kind(of: Substring(text)) != contextKind { score += Self.otherScriptCost }
            if script == .japanese, let carried = SemiVoicedMark.carried(by: text), carried != markDrawn {
                score += Self.semiVoicedMarkCost
            }
            scored.append((text, score))
        }
        if let printed, let inkShape = CharacterShape(ink: ink) {
            // The printed shape only adds, so once a candidate's score without it is worse than
            // the `count`th best with it, neither it nor any after it can be among the best.
            scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.text < $1.text }
            var whole: [(text: String, score: Double)] = []
            for (text, score) in scored {
                let best = whole.map(\.score).sorted()
                if best.count >= count, score > best[count - 1] { break }
                let distance = printed.distance(from: inkShape, to: text) ?? CharacterShape.farthest
                whole.append((text, score + Self.printedWeight * distance))
            }
            scored = whole
        }
        return Self.best(scored, count: count)
    }

    /// The `count` lowest scores as candidates, ties in the texts' order.
    private static func best(_ scored: [(text: String, score: Double)], count: Int) -> [InkCandidate] {
        scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.text < $1.text }.prefix(count)
            .map { InkCandidate(text: $0.text, score: max(0, $0.score)) }
    }
}
