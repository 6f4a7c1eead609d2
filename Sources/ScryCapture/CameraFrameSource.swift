import ScryCore

/// A V4L2 camera as a frame source: each frame with the instant it was captured (the
/// driver's timestamp turned into this process's clock by the frame's age). A poll that finds
/// no frame within 100 ms is `.nothingYet`, so the run loop checks its stop conditions; a
/// disconnect or another capture failure throws `CaptureError`.
public final class CameraFrameSource: FrameSource {
    public let camera: CameraStream

    public init(_ camera: CameraStream) { self.camera = camera }

    public func next() throws -> FrameSourceReading {
        guard let (frame, age) = try camera.next(timeoutMilliseconds: 100) else { return .nothingYet }
        return .frame(frame, captured: ContinuousClock.now - .nanoseconds(Int64(clamping: age)))
    }

    public func stop() { camera.stop() }
}
