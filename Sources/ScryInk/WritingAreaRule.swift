import ScryCore

/// ML Kit's writing area for the word models (en, it, fr, de, es, pt, nl): "the size of the
/// writing area ... used to disambiguate lowercase vs. uppercase (o vs. O)". Scry takes the
/// writing area to be one line of writing, as a text field is, with the ink in its
/// coordinates (the area's top-left at 0, 0): its height is the line's height, in which a
/// printed lower-case letter spans about 45% (its x-height) and a capital about 65% (its cap
/// height), the baseline lying about 80% down.
///
/// An ink read as one character (or none) is then read by its size and place in the line:
/// - a small mark (at most 30% of the line's height each way) is punctuation: a thin one (at
///   most half as wide as tall) is a comma low in the line (its middle below 55% of the
///   height) and an apostrophe high (above 45%); a round or flat one a period low and a degree
///   sign high;
/// - a letter whose lower-case and capital forms have the same shape (c, o, s, v, w, x, z) is
///   lower case when the ink spans less than 55% of the line's height, a capital otherwise;
///   an ink read as o, O or the digit 0 that is capital-sized is an O when at least 0.72
///   times as wide as tall, a 0 when narrower (as printed: O is about 0.8, 0 about 0.65).
/// The character decided is put first among the candidates (with the best one's score, and
/// any leading space it had); other inks' candidates are left as they are, as they are without
/// a writing area.
public struct WritingAreaRule: Sendable {
    /// The writing area's width and height, in the ink's units.
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Letters whose lower-case and capital forms differ only in size.
    static let caseByHeight: Set<Character> = ["c", "o", "s", "v", "w", "x", "z"]

    /// What one character of `ink` is by its size and place, when the rule decides it.
    func character(for ink: Ink, readAs best: String) -> Character? {
        let letters = best.trimmingWhitespace
        guard height > 0, letters.count <= 1, let bounds = ink.bounds else { return nil }
        let inkWidth = bounds.maximumX - bounds.minimumX
        let inkHeight = bounds.maximumY - bounds.minimumY
        let middle = (bounds.minimumY + bounds.maximumY) / 2 / height
        if inkHeight <= 0.3 * height, inkWidth <= 0.3 * height {
            let thin = inkWidth <= 0.5 * inkHeight
            if middle > 0.55 { return thin ? "," : "." }
            if middle < 0.45 { return thin ? "'" : "°" }
            return nil
        }
        guard var letter = letters.first else { return nil }
        let lower = inkHeight < 0.55 * height
        if letter == "0" {
            guard !lower else { return "o" }
            return inkWidth >= 0.72 * inkHeight ? "O" : "0"
        }
        guard Self.caseByHeight.contains(Character(letter.lowercased())) else { return nil }
        if letter == "o" || letter == "O", !lower { letter = inkWidth >= 0.72 * inkHeight ? "O" : "0" }
        if letter == "0" { return "0" }
        return Character(lower ? letter.lowercased() : letter.uppercased())
    }

    /// `candidates` (best first) for `ink`, with the rule applied.
    public func apply(to candidates: [InkCandidate], for ink: Ink) -> [InkCandidate] {
        guard let best = candidates.first, let decided = character(for: ink, readAs: best.text) else { return candidates }
        let space = best.text.first == " " ? " " : ""
        let text = space + String(decided)
        var result = [InkCandidate(text: text, score: best.score)]
        for candidate in candidates where candidate.text != text { result.append(candidate) }
        return Array(result.prefix(candidates.count))
    }
}
