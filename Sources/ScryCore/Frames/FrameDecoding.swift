/// Turns a compressed frame (MJPG: a camera's JPEG) into a raw one the detectors read: GREY,
/// or YU12 when a detector wants colour. A module that wraps a codec provides one; the
/// pipeline decodes each compressed frame once, before any lane sees it.
///
/// Used on one thread (the one that posts frames).
public protocol FrameDecoding: AnyObject {
    /// The raw frame for `frame`, with its sequence and timestamp. Throws for a frame that
    /// cannot be decoded (corrupt or truncated data, a size other than the frame claims).
    func decoded(_ frame: Frame) throws -> Frame
}

extension PixelFormat {
    /// Whether frames of this format are compressed (no fixed line length: MJPG), and so need
    /// decoding before a detector reads them.
    public var isCompressed: Bool { minimumBytesPerLine(width: 1) == nil }
}
