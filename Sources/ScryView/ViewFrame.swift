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
}
