import Glibc

/// The fonts a picture's labels are written in, tried in turn for each character: DejaVu Sans
/// (Latin, Greek, Cyrillic, Arabic, Hebrew), Droid Sans Fallback (Chinese, Japanese),
/// IPA Gothic (Japanese), all from Debian's packages. A character no font has is drawn as the
/// first font's missing-glyph box, not as '?'. Right-to-left runs (Hebrew, Arabic) are laid
/// out right to left, Arabic letters in their joined forms (`ArabicShaping`).
///
/// Not for use from two threads at once.
final class LabelFont {
    static let fontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    ]

    private let fonts: [FontGlyphs]
    private var glyphs: [GlyphKey: FontGlyphs.Glyph] = [:]

    private struct GlyphKey: Hashable {
        var scalar: UInt32
        var size: Int
    }

    /// The fonts of `paths` that can be opened; nil when none can.
    init?(paths: [String] = LabelFont.fontPaths) {
        fonts = paths.compactMap { path in access(path, R_OK) == 0 ? try? FontGlyphs(path: path) : nil }
        if fonts.isEmpty { return nil }
    }

    /// Height above and below the baseline of a line at `size` pixels per em.
    func lineMetrics(size: Int) -> (ascender: Int, descender: Int) {
        fonts[0].lineMetrics(pixelsPerEm: size)
    }

    private func glyph(_ scalar: Unicode.Scalar, size: Int) -> FontGlyphs.Glyph? {
        let key = GlyphKey(scalar: scalar.value, size: size)
        if let known = glyphs[key] { return known }
        let font = fonts.first { $0.has(scalar) } ?? fonts[0]
        let found = font.glyph(of: scalar, pixelsPerEm: size) ?? fonts[0].glyph(of: scalar, pixelsPerEm: size)
        if glyphs.count > 4096 { glyphs.removeAll() }
        glyphs[key] = found
        return found
    }

    /// The characters of `text` in the order they are drawn, left to right.
    static func visualOrder(_ text: String) -> [Unicode.Scalar] {
        let scalars = ArabicShaping.shaped(Array(text.unicodeScalars.filter { $0.value >= 32 && $0.value != 0x7F }))
        var result: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            guard isRightToLeft(scalars[index]) else {
                result.append(scalars[index])
                index += 1
                continue
            }
            // A right-to-left run, spaces and marks between its letters included.
            var end = index
            var scan = index
            while scan < scalars.count, isRightToLeft(scalars[scan]) || isNeutral(scalars[scan]) {
                if isRightToLeft(scalars[scan]) { end = scan }
                scan += 1
            }
            result.append(contentsOf: scalars[index...end].reversed())
            index = end + 1
        }
        return result
    }

    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }

    private static func isNeutral(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "-" || scalar == "." || scalar == ","
    }

    /// How wide `text` is at `size` pixels per em.
    func width(of text: String, size: Int) -> Int {
        Self.visualOrder(text).reduce(0) { $0 + (glyph($1, size: size)?.advance ?? 0) }
    }

    /// `text` cut to at most `maximumWidth` pixels at `size`, ending in "…" when cut.
    func fitted(_ text: String, size: Int, maximumWidth: Int) -> String {
        guard width(of: text, size: size) > maximumWidth else { return text }
        var characters = Array(text)
        while !characters.isEmpty, width(of: String(characters) + "…", size: size) > maximumWidth { characters.removeLast() }
        return String(characters) + "…"
    }

    /// Draws `text` with its pen starting at (`x`, `baseline`).
    func draw(_ text: String, size: Int, x: Int, baseline: Int, _ colour: RGBColour, on canvas: inout PictureCanvas) {
        var pen = x
        for scalar in Self.visualOrder(text) {
            guard let glyph = glyph(scalar, size: size) else { continue }
            canvas.draw(glyph, x: pen, baseline: baseline, colour)
            pen += glyph.advance
        }
    }
}
