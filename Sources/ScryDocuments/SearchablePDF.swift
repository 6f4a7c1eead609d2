internal import CHaru
import Glibc
import ScryCore
import SystemPackage

/// Why a PDF could not be made or written.
public struct SearchablePDFError: Error, CustomStringConvertible {
    public var description: String
}

/// The one wrapper of libharu (`CHaru`): a searchable PDF, as a document camera app writes
/// one. Each page is a picture (a flattened page) filling the PDF page, with the text read
/// from it laid over each word as invisible text: a PDF viewer shows the picture, and finds,
/// selects and copies the words; `pdftotext` reads them.
///
/// The PDF page is as many points as the picture has pixels at `dotsPerInch` (but at least 3
/// and at most 14,400 points a side, as PDF allows). Words are
/// written in DejaVu Sans (Latin, Greek, Cyrillic, Arabic) or, for Chinese, Japanese and
/// Korean, Droid Sans Fallback, both embedded, each word stretched to its box's width.
public final class SearchablePDF {
    /// A word on a page: its text and its box in the picture's pixel space (origin top-left).
    public struct Word: Sendable, Equatable {
        public var text: String
        public var box: PixelRect

        public init(text: String, box: PixelRect) {
            self.text = text
            self.box = box
        }
    }

    /// A page's picture: gray or colour.
    public enum Picture {
        case gray(GrayImage)
        case colour(ColourImage)

        var size: ImageSize {
            switch self {
            case .gray(let image): image.size
            case .colour(let image): image.size
            }
        }
    }

    /// The fonts the text layer is written in (Debian's fonts-dejavu-core and
    /// fonts-droid-fallback).
    public static let latinFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let eastAsianFontPath = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    /// How many pixels of a picture make an inch of its PDF page.
    public let dotsPerInch: Double
    /// Pages added so far.
    public private(set) var pageCount = 0

    private var document: HPDF_Doc?
    /// libharu's first error code and its detail, as its error handler was told.
    private final class FirstError {
        var code: (error: UInt, detail: UInt)?
    }
    private let firstError = FirstError()
    private var latinFont: HPDF_Font?
    private var eastAsianFont: HPDF_Font?

    /// A new PDF without pages. Throws when libharu cannot start or the Latin font is missing.
    public init(dotsPerInch: Double = 200) throws(SearchablePDFError) {
        precondition(dotsPerInch > 0)
        self.dotsPerInch = dotsPerInch
        guard let document = HPDF_New({ error, detail, context in
            guard let context else { return }
            let first = Unmanaged<FirstError>.fromOpaque(context).takeUnretainedValue()
            if first.code == nil { first.code = (error, detail) }
        }, Unmanaged.passUnretained(firstError).toOpaque()) else { throw SearchablePDFError(description: "libharu could not start") }
        self.document = document
        HPDF_SetCompressionMode(document, UInt32(HPDF_COMP_ALL))
        HPDF_UseUTFEncodings(document)
        latinFont = try font(at: Self.latinFontPath)
    }

    deinit {
        if let document { HPDF_Free(document) }
    }

    private func font(at path: String) throws(SearchablePDFError) -> HPDF_Font {
        guard access(path, R_OK) == 0 else {
            throw SearchablePDFError(description: "\(path): the font is missing (install it: scripts/install-deps)")
        }
        guard let name = HPDF_LoadTTFontFromFile(document, path, HPDF_TRUE), let font = HPDF_GetFont(document, name, "UTF-8")
        else {
            throw SearchablePDFError(description: "\(path): libharu cannot use the font (error \(lastError))")
        }
        return font
    }

    /// libharu's first error, as its code (hpdf_error.h) and detail.
    private var lastError: String {
        guard let code = firstError.code else { return "0x" + String(HPDF_GetError(document), radix: 16, uppercase: true) }
        return "0x" + String(code.error, radix: 16, uppercase: true) + ", detail \(code.detail)"
    }

    /// Whether `scalar` is written in the East Asian font: kana, CJK ideographs, Hangul and
    /// their punctuation and full-width forms.
    static func isEastAsian(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFFEF, 0x20000...0x3FFFF:
            true
        default: false
        }
    }

    /// Adds a page: `picture` filling it, and `words` over it as invisible text.
    public func addPage(_ picture: Picture, words: [Word]) throws(SearchablePDFError) {
        let size = picture.size
        guard size.width > 0, size.height > 0 else { throw SearchablePDFError(description: "an empty picture") }
        // PDF pages are 3 to 14,400 points a side: a picture too small or too large for that at
        // `dotsPerInch` is drawn at the nearest scale that fits.
        let smaller = Double(min(size.width, size.height)), larger = Double(max(size.width, size.height))
        let scale = max(3 / smaller, min(72 / dotsPerInch, 14_400 / larger))
        let pageWidth = Double(size.width) * scale, pageHeight = Double(size.height) * scale
        guard let page = HPDF_AddPage(document) else { throw SearchablePDFError(description: "libharu: no page (error \(lastError))") }
        HPDF_Page_SetWidth(page, Float(pageWidth))
        HPDF_Page_SetHeight(page, Float(pageHeight))
        let image: HPDF_Image? = switch picture {
        case .gray(let gray):
            gray.pixels.withUnsafeBufferPointer {
                HPDF_LoadRawImageFromMem(document, $0.baseAddress, UInt32(size.width), UInt32(size.height), HPDF_CS_DEVICE_GRAY, 8)
            }
        case .colour(let colour):
            colour.pixels.withUnsafeBufferPointer {
                HPDF_LoadRawImageFromMem(document, $0.baseAddress, UInt32(size.width), UInt32(size.height), HPDF_CS_DEVICE_RGB, 8)
            }
        }
        guard let image else { throw SearchablePDFError(description: "libharu: the picture was refused (error \(lastError))") }
        guard HPDF_Page_DrawImage(page, image, 0, 0, Float(pageWidth), Float(pageHeight)) == HPDF_OK else {
            throw SearchablePDFError(description: "libharu: the picture could not be drawn (error \(lastError))")
        }
        let placed = words.filter { !$0.text.isEmpty && $0.box.width > 0 && $0.box.height > 0 }
        if !placed.isEmpty {
            HPDF_Page_BeginText(page)
            HPDF_Page_SetTextRenderingMode(page, HPDF_INVISIBLE)
            for word in placed {
                let font: HPDF_Font?
                if word.text.unicodeScalars.contains(where: Self.isEastAsian) {
                    if eastAsianFont == nil { eastAsianFont = try self.font(at: Self.eastAsianFontPath) }
                    font = eastAsianFont
                } else {
                    font = latinFont
                }
                // The box is the word's ink from ascender to descender: the font's size is
                // most of its height, and its baseline a fifth of the way up.
                let height = word.box.height * scale
                let fontSize = min(300, max(1, height * 0.85))
                HPDF_Page_SetFontAndSize(page, font, Float(fontSize))
                let natural = Double(HPDF_Page_TextWidth(page, word.text))
                let width = word.box.width * scale
                if natural > 0 { HPDF_Page_SetHorizontalScalling(page, Float(min(300, max(10, 100 * width / natural)))) }
                let x = word.box.x * scale
                let baseline = pageHeight - (word.box.y + word.box.height) * scale + 0.2 * height
                HPDF_Page_TextOut(page, Float(x), Float(baseline), word.text)
            }
            HPDF_Page_EndText(page)
        }
        guard HPDF_GetError(document) == HPDF_OK else {
            throw SearchablePDFError(description: "libharu: the page could not be written (error \(lastError))")
        }
        pageCount += 1
    }

    /// The PDF's bytes.
    public func bytes() throws(SearchablePDFError) -> [UInt8] {
        guard HPDF_SaveToStream(document) == HPDF_OK else {
            throw SearchablePDFError(description: "libharu: the PDF could not be made (error \(lastError))")
        }
        defer { HPDF_ResetStream(document) }
        let size = Int(HPDF_GetStreamSize(document))
        var bytes = [UInt8](repeating: 0, count: size)
        var read = 0
        while read < size {
            var count = UInt32(size - read)
            let status = bytes.withUnsafeMutableBufferPointer { HPDF_ReadFromStream(document, $0.baseAddress! + read, &count) }
            read += Int(count)
            guard status == HPDF_OK || status == HPDF_STREAM_EOF, count > 0 || read == size else {
                throw SearchablePDFError(description: "libharu: the PDF could not be read back (error \(lastError))")
            }
            if status == HPDF_STREAM_EOF { break }
        }
        return Array(bytes[..<read])
    }
}
