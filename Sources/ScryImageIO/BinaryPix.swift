internal import CLeptonica
import ScryCore

/// A 1-bit image in Leptonica's own form (a `Pix` of depth 1: rows of 32-bit words, the
/// leftmost pixel in each word's highest bit, a set bit for ink), for handing a binarized
/// image to a library that takes a `Pix` (tesseract's `TessBaseAPISetImage2`) without a
/// per-pixel conversion on its side.
public final class BinaryPix {
    private var pix: UnsafeMutablePointer<PIX>
    public let width: Int
    public let height: Int

    /// A blank (all background) image; nil when Leptonica cannot allocate it.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0, let pix = pixCreate(Int32(width), Int32(height), 1) else { return nil }
        self.pix = pix
        self.width = width
        self.height = height
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    /// The image as an opaque `struct Pix *` for the wrappers of other C libraries in this
    /// package (tesseract's); valid while this object lives. Not part of the public API.
    package var opaquePix: OpaquePointer { OpaquePointer(pix) }

    /// Runs `body` on the image's words (`wordsPerRow` a row).
    public func withWords<R>(_ body: (_ words: UnsafeMutablePointer<UInt32>, _ wordsPerRow: Int) -> R) -> R {
        body(pixGetData(pix), Int(pixGetWpl(pix)))
    }
}
