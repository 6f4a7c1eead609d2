internal import CFreeType
import ScryCore

/// The one wrapper of FreeType (`CFreeType`): one font file's characters drawn as pictures.
final class FontGlyphs {
    private var library: FT_Library?
    private var face: FT_Face?

    /// The size characters are drawn at: pixels per em.
    static let pixelsPerEm: UInt32 = 64

    /// Opens the font at `path` (TrueType or OpenType; the first face of a collection).
    init(path: String) throws(InkModelError) {
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw InkModelError(description: "FreeType could not start")
        }
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            throw InkModelError(description: "\(path): not a font FreeType can read")
        }
        guard FT_Set_Pixel_Sizes(face, 0, Self.pixelsPerEm) == 0 else {
            throw InkModelError(description: "\(path): cannot be drawn at \(Self.pixelsPerEm) px")
        }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The character drawn black on white, antialiased, in its glyph's own box (no margin); nil
    /// when the font has no glyph for it or the glyph draws nothing (a space).
    func picture(of character: Unicode.Scalar) -> GrayImage? {
        guard let face, FT_Get_Char_Index(face, FT_ULong(character.value)) != 0,
              FT_Load_Char(face, FT_ULong(character.value), Int32(FT_LOAD_RENDER)) == 0,
              let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer,
              bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            // A negative pitch stores the rows bottom up.
            let row = pitch >= 0 ? y * pitch : (height - 1 - y) * -pitch
            for x in 0..<width { pixels[y * width + x] = 255 - buffer[row + x] }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
