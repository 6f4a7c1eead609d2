/// One frame as the view shows it: the upright picture as a JPEG, its sequence number and
/// when it was captured (for how far behind capture a browser shows it).
public struct ViewFrame: Sendable {
    /// The frame's sequence number, as its lines name it (`frame`).
    public var sequence: UInt64
    /// The upright frame, JPEG-encoded, reduced by `LiveView.pictureScale`.
    public var jpeg: [UInt8]
    /// The upright frame's size in pixels before the reduction: the space its detections'
    /// outlines are in.
    public var width: Int
    public var height: Int
    /// When the frame was captured, on the run's clock.
    public var captured: ContinuousClock.Instant

    /// Bytes before the JPEG in `message`.
    static let headerBytes = 12

    /// The frame as one binary WebSocket message: the sequence number (8 bytes), the upright
    /// frame's width and height (2 bytes each, sizes above 65,535 saturate), all big-endian,
    /// then the JPEG.
    var message: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerBytes + jpeg.count)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: sequence >> UInt64(shift))) }
        for side in [width, height] {
            let clamped = UInt16(clamping: side)
            bytes.append(UInt8(clamped >> 8))
            bytes.append(UInt8(clamped & 0xFF))
        }
        bytes.append(contentsOf: jpeg)
        return bytes
    }
}
