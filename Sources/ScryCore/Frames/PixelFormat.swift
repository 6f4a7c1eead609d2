/// A V4L2 pixel format, identified by its four-character code.
///
/// The raw value is the little-endian fourcc, as `v4l2_fourcc(a, b, c, d)` builds it, so it can be
/// stored in a frame dump and handed to the driver unchanged.
public struct PixelFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Builds a format from its four ASCII characters, for example `"YUYV"`.
    /// Returns nil unless `code` is exactly four ASCII characters.
    public init?(fourcc code: String) {
        let bytes = Array(code.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        rawValue =
            UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
            | UInt32(bytes[3]) << 24
    }

    /// 8-bit luminance, one byte per pixel. `V4L2_PIX_FMT_GREY`.
    public static let grey = PixelFormat(fourcc: "GREY")!
    /// Packed 4:2:2 Y0 Cb Y1 Cr, two bytes per pixel. `V4L2_PIX_FMT_YUYV`.
    public static let yuyv = PixelFormat(fourcc: "YUYV")!
    /// Planar 4:2:0: a full-size Y plane, then quarter-size U and V planes.
    /// `V4L2_PIX_FMT_YUV420` ("YU12"); libv4lconvert's output when it decodes MJPEG.
    public static let yuv420 = PixelFormat(fourcc: "YU12")!
    /// Packed 8-bit red, green, blue, three bytes per pixel. `V4L2_PIX_FMT_RGB24` ("RGB3"); the
    /// frames of colour image files when a detector wants colour (`--faces`).
    public static let rgb24 = PixelFormat(fourcc: "RGB3")!
    /// Motion JPEG, one JPEG image per frame. `V4L2_PIX_FMT_MJPEG`.
    public static let mjpeg = PixelFormat(fourcc: "MJPG")!

    /// The four characters, with non-printable bytes shown as `?`.
    public var fourcc: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }
        return String(decoding: bytes.map { (0x20..<0x7f).contains($0) ? $0 : 0x3f }, as: UTF8.self)
    }

    public var description: String { fourcc }

    /// The smallest number of bytes per line a frame of this format and width can have, or nil
    /// for compressed formats, whose frames have no fixed line length.
    public func minimumBytesPerLine(width: Int) -> Int? {
        switch self {
        case .grey, .yuv420: return width
        case .yuyv: return width * 2
        case .rgb24: return width * 3
        default: return nil
        }
    }

    /// The largest payload a frame of this format can have with `bytesPerLine` (the stride of
    /// the first plane) and `height`, or nil for compressed formats.
    public func maximumPayloadLength(bytesPerLine: Int, height: Int) -> Int? {
        switch self {
        case .grey, .yuyv, .rgb24: return bytesPerLine * height
        // The U and V planes have half the stride and half the lines of the Y plane.
        case .yuv420: return bytesPerLine * height + 2 * ((bytesPerLine + 1) / 2) * ((height + 1) / 2)
        default: return nil
        }
    }
}
