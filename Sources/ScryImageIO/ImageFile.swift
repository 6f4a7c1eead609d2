internal import CLeptonica
import ScryCore
import SystemPackage

/// Reads and writes image files through Leptonica. Leptonica's own messages are silenced: its
/// failures come back as `ImageFileError` instead.
public enum ImageFile {
    /// The largest file read (256 MiB), so a hostile path such as a device cannot exhaust memory.
    public static let maximumFileBytes = 256 << 20

    private static let quietLeptonica: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()

    /// The most pixels an image may have (128 Mi: 16384x8192, a 134-megapixel photo). Larger
    /// ones are refused from their header, before anything is decoded or allocated.
    public static let maximumPixels = 1 << 27

    /// The image at `path` as 8-bit gray (colour through Leptonica's luminance conversion,
    /// transparency composited on white).
    public static func readGray(path: FilePath) throws(ImageFileError) -> GrayImage {
        try read(path: path).gray
    }

    /// The image at `path`, with what its file says besides the pixels. A file that does not
    /// start like an image is refused after its first block, so a device such as /dev/zero is
    /// not read to the end.
    public static func read(path: FilePath) throws(ImageFileError) -> DecodedImage {
        try decode(try readBytes(path: path, requiringImage: true))
    }

    /// Decodes an encoded image (any format Leptonica reads) to 8-bit gray.
    public static func decodeGray(_ bytes: [UInt8]) throws(ImageFileError) -> GrayImage {
        try decode(bytes).gray
    }

    /// Decodes an encoded image: its first page as 8-bit gray, its EXIF orientation and its
    /// page count. The size in the header is checked against `maximumPixels` first. What the
    /// decoding libraries print (libpng, libjpeg, libtiff) is kept off stderr: it comes back
    /// inside the error when decoding fails, and is dropped when it succeeds.
    public static func decode(_ bytes: [UInt8]) throws(ImageFileError) -> DecodedImage {
        try decode(bytes, keepingColour: false)
    }

    /// Decodes an encoded image as `decode(_:)` does; with `keepingColour`, a colour image's
    /// red, green and blue (transparency composited on white) come back too, in `colour`.
    public static func decode(_ bytes: [UInt8], keepingColour: Bool) throws(ImageFileError) -> DecodedImage {
        _ = quietLeptonica
        guard !bytes.isEmpty else { throw .empty }
        let (result, messages) = LibraryMessages.capture { () -> Result<DecodedImage, ImageFileError> in
            do throws(ImageFileError) {
                let layout = try checkedLayout(bytes)
                let (gray, colour) = try decodeFirstPage(bytes, keepingColour: keepingColour)
                // Leptonica turns a TIFF upright by its orientation tag as it reads it; other
                // formats come as stored, their EXIF orientation for the caller to apply.
                let orientation = layout.isTIFF ? nil : ExifOrientation.find(in: bytes)
                return .success(DecodedImage(gray: gray, exifOrientation: orientation, pageCount: layout.pages, colour: colour))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let decoded): return decoded
        case .failure(.undecodable(nil)) where !messages.isEmpty: throw .undecodable(messages)
        case .failure(let error): throw error
        }
    }

    /// Whether the image is a TIFF, and how many pages (TIFF directories, GIF frames) it
    /// holds, each page's size checked against `maximumPixels` from its header.
    private static func checkedLayout(_ bytes: [UInt8]) throws(ImageFileError) -> (isTIFF: Bool, pages: Int) {
        var format: Int32 = 0
        if bytes.count >= 12 {
            _ = bytes.withUnsafeBufferPointer { findFileFormatBuffer($0.baseAddress, &format) }
        }
        if format == Int32(IFF_GIF) {
            // Leptonica's header reader decodes a GIF whole: its block structure is read instead.
            guard let sizes = GIFStructure.frameSizes(in: bytes) else { throw .undecodable(nil) }
            for size in sizes { try checkSize(width: size.width, height: size.height) }
            return (false, max(1, sizes.count - 1))  // the logical screen, then each frame
        }
        var width: Int32 = 0
        var height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            pixReadHeaderMem($0.baseAddress, $0.count, nil, &width, &height, nil, nil, nil)
        }
        guard status == 0 else { return (false, 1) }  // decoding will say why
        try checkSize(width: Int(width), height: Int(height))
        // Leptonica's L_FORMAT_IS_TIFF: the TIFF formats are not one range of its enum.
        let tiffFormats = [IFF_TIFF, IFF_TIFF_PACKBITS, IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4, IFF_TIFF_LZW, IFF_TIFF_ZIP, IFF_TIFF_JPEG]
        guard tiffFormats.map(Int32.init).contains(format) else { return (false, 1) }
        var pages = 1
        while pages < 100_000 {
            let status = bytes.withUnsafeBufferPointer {
                readHeaderMemTiff($0.baseAddress, $0.count, Int32(pages), &width, &height, nil, nil, nil, nil, nil)
            }
            guard status == 0 else { break }
            try checkSize(width: Int(width), height: Int(height))
            pages += 1
        }
        return (true, pages)
    }

    private static func checkSize(width: Int, height: Int) throws(ImageFileError) {
        guard width > 0, height > 0, width <= maximumPixels / height else {
            throw .tooManyPixels(width: width, height: height, limit: maximumPixels)
        }
    }

    private static func decodeFirstPage(_ bytes: [UInt8], keepingColour: Bool) throws(ImageFileError) -> (GrayImage, ColourImage?) {
        // A gray PNG with a transparent gray is read without it, then composited here.
        let key = PNGGrayKey.find(in: bytes)
        var pix = (key?.bytesWithoutKey ?? bytes).withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) }
        guard pix != nil else { throw .undecodable(nil) }
        defer { pixDestroy(&pix) }
        var gray: UnsafeMutablePointer<PIX>?
        var colour: ColourImage?
        if pixGetSpp(pix) == 4, let flattened = pixAlphaBlendUniform(pix, 0xffff_ff00) {
            gray = pixConvertTo8(flattened, 0)
            if keepingColour { colour = try colourPixels(flattened) }
            var owned: UnsafeMutablePointer<PIX>? = flattened
            pixDestroy(&owned)
        } else {
            gray = pixConvertTo8(pix, 0)
            if keepingColour && pixGetDepth(pix) == 32 { colour = try colourPixels(pix) }
        }
        guard gray != nil else { throw .undecodable(nil) }
        defer { pixDestroy(&gray) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let lines = pixSetupByteProcessing(gray, &width, &height) else { throw .undecodable(nil) }
        defer { pixCleanupByteProcessing(gray, lines) }
        try checkSize(width: Int(width), height: Int(height))
        let w = Int(width)
        var pixels = [UInt8](repeating: 0, count: w * Int(height))
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<Int(height) {
                (target.baseAddress! + y * w).update(from: lines[y]!, count: w)
            }
        }
        if let transparent = key?.gray {
            for index in pixels.indices where pixels[index] == transparent { pixels[index] = 255 }
        }
        return (GrayImage(width: w, height: Int(height), pixels: pixels), colour)
    }

    /// The red, green and blue bytes of a 32-bit Leptonica image (red in the word's top byte).
    private static func colourPixels(_ pix: UnsafeMutablePointer<PIX>?) throws(ImageFileError) -> ColourImage {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        try checkSize(width: width, height: height)
        guard pixGetDepth(pix) == 32, let data = pixGetData(pix) else { throw .undecodable(nil) }
        let wordsPerLine = Int(pixGetWpl(pix))
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let line = data + y * wordsPerLine
                for x in 0..<width {
                    let word = line[x]
                    let o = (y * width + x) * 3
                    target[o] = UInt8(truncatingIfNeeded: word >> 24)
                    target[o + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    target[o + 2] = UInt8(truncatingIfNeeded: word >> 8)
                }
            }
        }
        return ColourImage(width: width, height: height, pixels: pixels)
    }

    /// Writes `image` as an 8-bit gray PNG at `path`, replacing any file there (or, unless
    /// `replacing`, refusing with `.cannotCreate(.fileExists)` when the name is taken).
    public static func writePNG(_ image: GrayImage, to path: FilePath, replacing: Bool = true) throws(ImageFileError) {
        var pix: UnsafeMutablePointer<PIX>? = try grayPix(image)
        defer { pixDestroy(&pix) }
        try writePNG(pix!, to: path, replacing: replacing)
    }

    /// Writes `image` as a 24-bit colour PNG at `path`, as `writePNG(_:to:replacing:)` does.
    public static func writePNG(_ image: ColourImage, to path: FilePath, replacing: Bool = true) throws(ImageFileError) {
        var pix: UnsafeMutablePointer<PIX>? = try colourPix(image)
        defer { pixDestroy(&pix) }
        try writePNG(pix!, to: path, replacing: replacing)
    }

    /// `image` as a new 32-bit Leptonica image (the caller destroys it).
    static func colourPix(_ image: ColourImage) throws(ImageFileError) -> UnsafeMutablePointer<PIX> {
        _ = quietLeptonica
        guard let pix = pixCreate(Int32(image.width), Int32(image.height), 32) else { throw .cannotWrite("out of memory") }
        let wordsPerLine = Int(pixGetWpl(pix))
        let data = pixGetData(pix)!
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                let line = data + y * wordsPerLine
                for x in 0..<image.width {
                    let o = (y * image.width + x) * 3
                    line[x] = UInt32(source[o]) << 24 | UInt32(source[o + 1]) << 16 | UInt32(source[o + 2]) << 8
                }
            }
        }
        return pix
    }

    /// `image` as a new 8-bit Leptonica image (the caller destroys it).
    static func grayPix(_ image: GrayImage) throws(ImageFileError) -> UnsafeMutablePointer<PIX> {
        _ = quietLeptonica
        guard let pix = pixCreate(Int32(image.width), Int32(image.height), 8) else { throw .cannotWrite("out of memory") }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let lines = pixSetupByteProcessing(pix, &width, &height) else {
            var destroyed: UnsafeMutablePointer<PIX>? = pix
            pixDestroy(&destroyed)
            throw .cannotWrite("Leptonica could not set up the image")
        }
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                lines[y]!.update(from: source.baseAddress! + y * image.width, count: image.width)
            }
        }
        pixCleanupByteProcessing(pix, lines)
        return pix
    }

    /// Encodes `pix` as PNG and writes it at `path`, replacing any file there; the file never
    /// appears half-written (see `FileCreation`).
    static func writePNG(_ pix: UnsafeMutablePointer<PIX>, to path: FilePath, replacing: Bool = true) throws(ImageFileError) {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&data, &size, pix, Int32(IFF_PNG)) == 0, let data else {
            throw .cannotWrite("PNG encoding failed")
        }
        defer { lept_free(data) }
        let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
        do {
            if replacing {
                try FileCreation.create(path, startingWith: bytes).close()
            } else {
                try FileCreation.createNew(path, holding: bytes)
            }
        } catch let error as FileCreationError {
            switch error {
            case .cannotCreate(let errno): throw .cannotCreate(errno)
            case .cannotWrite(let errno): throw .cannotWrite("\(errno)")
            }
        } catch {
            throw .cannotWrite("\(error)")
        }
    }

    /// The bytes of the file at `path`. With `requiringImage`, a file whose first block is
    /// not the start of an image Leptonica knows is refused there (`undecodable`); a file over
    /// `maximumFileBytes` is refused as `tooLarge`.
    public static func readBytes(path: FilePath, requiringImage: Bool = false) throws(ImageFileError) -> [UInt8] {
        let file: FileDescriptor
        do { file = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec], retryOnInterrupt: true) } catch {
            throw .cannotOpen(error as? Errno ?? .ioError)
        }
        defer { try? file.close() }
        return try readBytes(from: file, requiringImage: requiringImage)
    }

    /// The rest of an open file's bytes, after `prefix` (bytes already read from it).
    public static func readBytes(
        from file: FileDescriptor, prefix: [UInt8] = [], requiringImage: Bool = false
    ) throws(ImageFileError) -> [UInt8] {
        var bytes = prefix
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var sniffed = !requiringImage
        while true {
            let got: Int
            do {
                got = try chunk.withUnsafeMutableBytes { try file.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw .cannotOpen(error as? Errno ?? .ioError)
            }
            if got == 0 { break }
            bytes += chunk[..<got]
            if !sniffed, bytes.count >= 12 {
                sniffed = true
                var format: Int32 = 0
                _ = bytes.withUnsafeBufferPointer { findFileFormatBuffer($0.baseAddress, &format) }
                if format == Int32(IFF_UNKNOWN) { throw .undecodable(nil) }
            }
            if bytes.count > maximumFileBytes { throw .tooLarge(limit: maximumFileBytes) }
        }
        return bytes
    }
}

/// An image file decoded: its first page in gray, and what the file says besides.
public struct DecodedImage: Sendable {
    public var gray: GrayImage
    /// The EXIF orientation the file records, if any: how to turn the stored pixels upright
    /// (nil for a TIFF, which Leptonica has turned upright by its tag already).
    public var exifOrientation: ImageOrientation?
    /// How many pages or frames the file holds (a multi-page TIFF, an animated GIF); only the
    /// first is decoded.
    public var pageCount: Int
    /// The first page's colour, as stored (not turned), when asked for and the image has colour
    /// (32 bits per pixel in Leptonica: JPEG, colour PNG, WebP...); else nil.
    public var colour: ColourImage?

    public init(gray: GrayImage, exifOrientation: ImageOrientation?, pageCount: Int, colour: ColourImage? = nil) {
        self.gray = gray
        self.exifOrientation = exifOrientation
        self.pageCount = pageCount
        self.colour = colour
    }
}
