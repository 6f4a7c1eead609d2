internal import CFreeType
import ScryCore

/// Why a font could not be used.
public struct FontError: Error, CustomStringConvertible {
    public var description: String
}

/// The one wrapper of FreeType (`CFreeType`): one font file's characters drawn as pictures,
/// antialiased. Not for use from two threads at once.
public final class FontGlyphs {
    private var library: FT_Library?
    private var face: FT_Face?
    private var currentPixelsPerEm: UInt32 = 0

    /// The size `picture(of:)` draws characters at: pixels per em.
    public static let pixelsPerEm: UInt32 = 64

    /// A character drawn at some size: how much of each pixel its ink covers (0 none, 255
    /// all), placed against the pen's position on the baseline.
    public struct Glyph: Sendable {
        /// Coverage, `width * height` bytes, rows top to bottom.
        public var coverage: [UInt8]
        public var width: Int
        public var height: Int
        /// From the pen's position to the coverage's left column, in pixels (right positive).
        public var left: Int
        /// From the baseline up to the coverage's top row, in pixels (up positive).
        public var top: Int
        /// How far the pen moves on after it, in pixels.
        public var advance: Int
    }

    /// Opens the font at `path` (TrueType or OpenType; the first face of a collection).
    public init(path: String) throws(FontError) {
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(description: "FreeType could not start")
        }
        guard FT_New_Face(library, path, 0, &face) == 0, face != nil else {
            throw FontError(description: "\(path): not a font FreeType can read")
        }
        guard setSize(Self.pixelsPerEm) else {
            throw FontError(description: "\(path): cannot be drawn at \(Self.pixelsPerEm) px")
        }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    private func setSize(_ pixelsPerEm: UInt32) -> Bool {
        if pixelsPerEm == currentPixelsPerEm { return true }
        guard let face, FT_Set_Pixel_Sizes(face, 0, pixelsPerEm) == 0 else { return false }
        currentPixelsPerEm = pixelsPerEm
        return true
    }

    /// Whether the font has a glyph for `character`.
    public func has(_ character: Unicode.Scalar) -> Bool {
        guard let face else { return false }
        return FT_Get_Char_Index(face, FT_ULong(character.value)) != 0
    }

    /// The font's ascender and descender at `pixelsPerEm`, in pixels above and below the
    /// baseline (both positive).
    public func lineMetrics(pixelsPerEm: Int) -> (ascender: Int, descender: Int) {
        guard let face, setSize(UInt32(max(1, pixelsPerEm))), let metrics = face.pointee.size?.pointee.metrics else {
            return (pixelsPerEm, pixelsPerEm / 4)
        }
        return (Int((metrics.ascender + 63) >> 6), Int((-metrics.descender + 63) >> 6))
    }

    /// `character` at `pixelsPerEm`; nil when the font has no glyph for it.
    public func glyph(of character: Unicode.Scalar, pixelsPerEm: Int) -> Glyph? {
        guard let face, has(character), setSize(UInt32(max(1, pixelsPerEm))),
            FT_Load_Char(face, FT_ULong(character.value), Int32(FT_LOAD_RENDER)) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for y in 0..<height {
                // A negative pitch stores the rows bottom up.
                let row = pitch >= 0 ? y * pitch : (height - 1 - y) * -pitch
                for x in 0..<width { coverage[y * width + x] = buffer[row + x] }
            }
        }
        return Glyph(
            coverage: coverage, width: width, height: height, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), advance: Int((slot.pointee.advance.x + 32) >> 6))
    }

    /// The character drawn black on white at `pixelsPerEm` (64), antialiased, in its glyph's
    /// own box (no margin); nil when the font has no glyph for it or the glyph draws nothing (a
    /// space).
    public func picture(of character: Unicode.Scalar) -> GrayImage? {
        guard let glyph = glyph(of: character, pixelsPerEm: Int(Self.pixelsPerEm)), glyph.width > 0, glyph.height > 0 else {
            return nil
        }
        return GrayImage(width: glyph.width, height: glyph.height, pixels: glyph.coverage.map { 255 - $0 })
    }
}
