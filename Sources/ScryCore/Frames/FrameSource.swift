/// What a frame source gave when asked for its next frame.
public enum FrameSourceReading {
    /// A frame, and the instant it was captured on this process's continuous clock (for a
    /// replayed frame, the instant it was due).
    case frame(Frame, captured: ContinuousClock.Instant)
    /// No frame within the source's own wait (a camera's poll timed out): ask again.
    case nothingYet
    /// The source has no more frames (a dump's end).
    case end
}

/// Where a run's frames come from: a V4L2 camera, a frame dump read in order or paced by its
/// timestamps, image files, or frames held in memory. One thread asks for frames.
///
/// A failure (a camera disconnected, a corrupt dump) is thrown by `next()`; the run keeps
/// every frame before it.
public protocol FrameSource: AnyObject {
    /// The next frame; may wait (for the camera, or until a paced frame is due), but returns
    /// early when a signal arrives.
    func next() throws -> FrameSourceReading
    /// Ends capture (a camera stops streaming); the run calls it once, when it ends.
    func stop()
}
