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

    /// The image at `path` as 8-bit gray (colour through Leptonica's luminance conversion,
    /// transparency composited on white).
    public static func readGray(path: FilePath) throws(ImageFileError) -> GrayImage {
        let bytes = try readBytes(path: path)
        return try decodeGray(bytes)
    }

    /// Decodes an encoded image (any format Leptonica reads) to 8-bit gray.
    public static func decodeGray(_ bytes: [UInt8]) throws(ImageFileError) -> GrayImage {
        _ = quietLeptonica
        guard !bytes.isEmpty else { throw .empty }
        var pix = bytes.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) }
        guard pix != nil else { throw .undecodable }
        defer { pixDestroy(&pix) }
        var gray: UnsafeMutablePointer<PIX>?
        if pixGetSpp(pix) == 4, let flattened = pixAlphaBlendUniform(pix, 0xffff_ff00) {
            gray = pixConvertTo8(flattened, 0)
            var owned: UnsafeMutablePointer<PIX>? = flattened
            pixDestroy(&owned)
        } else {
            gray = pixConvertTo8(pix, 0)
        }
        guard gray != nil else { throw .undecodable }
        defer { pixDestroy(&gray) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let lines = pixSetupByteProcessing(gray, &width, &height) else { throw .undecodable }
        defer { pixCleanupByteProcessing(gray, lines) }
        guard width > 0, height > 0, Int(width) * Int(height) <= 1 << 28 else {
            throw .impossibleSize(width: Int(width), height: Int(height))
        }
        let w = Int(width)
        var pixels = [UInt8](repeating: 0, count: w * Int(height))
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<Int(height) {
                (target.baseAddress! + y * w).update(from: lines[y]!, count: w)
            }
        }
        return GrayImage(width: w, height: Int(height), pixels: pixels)
    }

    /// Writes `image` as an 8-bit gray PNG at `path`, replacing any file there.
    public static func writePNG(_ image: GrayImage, to path: FilePath) throws(ImageFileError) {
        _ = quietLeptonica
        var pix = pixCreate(Int32(image.width), Int32(image.height), 8)
        guard pix != nil else { throw .cannotWrite("out of memory") }
        defer { pixDestroy(&pix) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let lines = pixSetupByteProcessing(pix, &width, &height) else {
            throw .cannotWrite("Leptonica could not set up the image")
        }
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                lines[y]!.update(from: source.baseAddress! + y * image.width, count: image.width)
            }
        }
        pixCleanupByteProcessing(pix, lines)
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&data, &size, pix, Int32(IFF_PNG)) == 0, let data else {
            throw .cannotWrite("PNG encoding failed")
        }
        defer { lept_free(data) }
        do {
            let file = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .truncate, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead], retryOnInterrupt: true)
            try file.closeAfter {
                _ = try file.writeAll(UnsafeRawBufferPointer(start: data, count: size))
            }
        } catch {
            throw .cannotWrite("\(error)")
        }
    }

    /// The bytes of the file at `path`.
    public static func readBytes(path: FilePath) throws(ImageFileError) -> [UInt8] {
        do {
            let file = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
            return try file.closeAfter {
                var bytes: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let got = try chunk.withUnsafeMutableBytes {
                        try file.read(into: $0, retryOnInterrupt: true)
                    }
                    if got == 0 { break }
                    bytes += chunk[..<got]
                    if bytes.count > maximumFileBytes { throw Errno.fileTooLarge }
                }
                return bytes
            }
        } catch let errno as Errno {
            throw .cannotOpen(errno)
        } catch {
            throw .cannotOpen(.ioError)
        }
    }
}
