import SystemPackage

/// Why an image file could not be read or written.
public enum ImageFileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (missing, a directory, no permission).
    case cannotOpen(Errno)
    /// The file has no bytes.
    case empty
    /// The bytes are not an image Leptonica can decode (or a damaged one).
    case undecodable
    /// The image decoded to an impossible size.
    case impossibleSize(width: Int, height: Int)
    /// Writing the output file failed.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .cannotOpen(let errno): return "cannot open: \(errno)"
        case .empty: return "empty file"
        case .undecodable: return "not a readable image (PNG, JPEG, PNM, WebP, TIFF, GIF, BMP)"
        case .impossibleSize(let width, let height): return "impossible image size \(width)x\(height)"
        case .cannotWrite(let reason): return "cannot write: \(reason)"
        }
    }
}
