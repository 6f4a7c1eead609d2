/// Finds text regions in an upright gray image; coordinates in that image's pixel space.
/// Implementations hold C engines bound to one thread: one detector per thread.
public protocol TextDetecting: AnyObject {
    func detectText(in image: GrayImage) -> [TextObservation]
}

/// A text detector on a stream that may hold lines it has found but not read yet (being read
/// in the background).
public protocol StreamTextDetecting: TextDetecting {
    /// After the stream's last frame: waits for the lines still being read and returns the
    /// last frame's observations with them, as `detectText` would have at one more frame.
    func finishStream() -> [TextObservation]
    /// Whether lines not read yet are returned at once, without text, and with their text at a
    /// later frame: a line without text is then one waiting to be read (not one that read as
    /// nothing), so it does not continue a line that was read (`TextTracker`).
    var reportsLinesBeforeReading: Bool { get }
    /// Lines reported before they were read that left the view before their reading came: a
    /// box without text the stream never gave a text for.
    var linesLeftUnread: Int { get }
    /// Whether the detector spends this frame reading lines it found in earlier frames instead
    /// of looking at it (a live lane whose last lines still wait to be read while the scene
    /// moves): the frame then gives no lines, and the tracks wait for the next frame.
    func readsInsteadOfLooking(at image: GrayImage) -> Bool
    /// How far the whole scene moved, in pixels (x right, y down), between the frame looked at
    /// before the last `detectText` and that one, when the detector followed such a move (a
    /// page sliding under the camera); nil when it did not.
    var lastSceneMove: PixelPoint? { get }
    /// Lines found and not read yet, being read in the background; nil for a detector that
    /// reads every line it reports before it returns.
    var linesWaitingToBeRead: Int? { get }
    /// Readies the engine for frames of `size` before the stream's first (`Detector.prepare`).
    func prepare(forFrameSize size: ImageSize)
}

extension StreamTextDetecting {
    public var reportsLinesBeforeReading: Bool { false }
    public var linesLeftUnread: Int { 0 }
    public func readsInsteadOfLooking(at image: GrayImage) -> Bool { false }
    public var lastSceneMove: PixelPoint? { nil }
    public var linesWaitingToBeRead: Int? { nil }
    public func prepare(forFrameSize size: ImageSize) {}
}
