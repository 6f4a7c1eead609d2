import SystemPackage

/// Why an image file could not be read or written.
public enum ImageFileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (missing, a directory, no permission).
    case cannotOpen(Errno)
    /// The file has no bytes.
    case empty
    /// The bytes are not an image Leptonica can decode (or a damaged one); the decoding
    /// library's own message, when it printed one.
    case undecodable(String?)
    /// The file is larger than `ImageFile.maximumFileBytes`.
    case tooLarge(limit: Int)
    /// The image is larger than `ImageFile.maximumPixels` (checked from its header).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The output file could not be created (no such folder, no permission).
    case cannotCreate(Errno)
    /// Writing the output file failed.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .cannotOpen(let errno): return "cannot open: \(errno)"
        case .empty: return "empty file"
        case .undecodable(let message):
            return "not a readable image (PNG, JPEG, PNM, WebP, TIFF, GIF, BMP)" + (message.map { ": \($0)" } ?? "")
        case .tooLarge(let limit): return "not a readable image: larger than \(limit >> 20) MiB"
        case .tooManyPixels(let width, let height, let limit):
            return "image of \(width)x\(height) pixels is over the limit of \(limit) pixels"
        case .cannotCreate(let errno): return "cannot create: \(errno)"
        case .cannotWrite(let reason): return "cannot write: \(reason)"
        }
    }
}
