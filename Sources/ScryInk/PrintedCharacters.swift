import ScryImageIO

/// Characters as fonts print them, to compare an ink's shape with (`CharacterShape`): how far
/// an ink is from the nearest of a character's printed forms.
///
/// A second opinion beside a recognizer that reads pictures: it knows every character its
/// fonts have, even those the recognizer never learned, and it compares the whole shape where
/// the recognizer, reading a lone character as the start of a line, guesses (キ drawn alone is
/// read as 牛, ヤ as 中). It does not tell a small circle from two short ticks (ぱ and ば).
public final class PrintedCharacters {
    private let fonts: [FontGlyphs]
    /// Each character's shapes, one for each font that has it, as first asked for (with two
    /// fonts, 2 x 288 values, about 4.6 KB, a character).
    private var shapes: [String: [CharacterShape]] = [:]

    /// Opens the fonts at `fontPaths` (at least one).
    public init(fontPaths: [String]) throws(InkModelError) {
        guard !fontPaths.isEmpty else { throw InkModelError(description: "no font to compare characters with") }
        var fonts: [FontGlyphs] = []
        for path in fontPaths {
            do { fonts.append(try FontGlyphs(path: path)) } catch { throw InkModelError(description: error.description) }
        }
        self.fonts = fonts
    }

    /// How far `shape` is from `text` (one character) as the nearest font prints it (see
    /// `CharacterShape.distance(to:)`); nil when no font has it.
    func distance(from shape: CharacterShape, to text: String) -> Double? {
        printedShapes(of: text).map { shape.distance(to: $0) }.min()
    }

    /// How far `ink` is from `text` as the nearest font prints it; nil when the ink draws
    /// nothing or no font has the character.
    public func distance(from ink: Ink, to text: String) -> Double? {
        CharacterShape(ink: ink).flatMap { distance(from: $0, to: text) }
    }

    private func printedShapes(of text: String) -> [CharacterShape] {
        if let known = shapes[text] { return known }
        var found: [CharacterShape] = []
        if text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first {
            found = fonts.compactMap { $0.picture(of: scalar).flatMap(CharacterShape.init(picture:)) }
        }
        shapes[text] = found
        return found
    }
}
