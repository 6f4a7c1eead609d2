/// One captured video frame, exactly as the camera delivered it.
public struct Frame: Sendable, Equatable {
    /// The driver's sequence number (`v4l2_buffer.sequence`), or the position in a dump built
    /// from still images. Gaps mean the driver dropped frames.
    public var sequence: UInt64
    /// When the frame was captured, in nanoseconds on a monotonic clock. Only differences
    /// between frames of one session mean anything.
    public var timestampNanoseconds: UInt64
    public var pixelFormat: PixelFormat
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bytes from the start of one line to the start of the next (the driver's `bytesperline`);
    /// 0 for compressed formats.
    public var bytesPerLine: Int
    /// The image bytes as captured.
    public var payload: [UInt8]

    public init(
        sequence: UInt64, timestampNanoseconds: UInt64, pixelFormat: PixelFormat, width: Int,
        height: Int, bytesPerLine: Int, payload: [UInt8]
    ) {
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bytesPerLine = bytesPerLine
        self.payload = payload
    }
}
