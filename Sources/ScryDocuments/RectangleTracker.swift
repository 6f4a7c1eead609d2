import ScryCore

/// Rectangles followed from frame to frame by where they are (`OverlapTracker`'s rules): a
/// rectangle continues the track whose last box overlaps it by an intersection over union of
/// 0.5 or more (a page moves little between frames, and a page and a card on it must not be
/// taken for each other), and a track is confirmed at its second sighting.
public typealias RectangleTracker = OverlapTracker<RectangleObservation>

extension RectangleObservation: Trackable {}

extension RectangleTracker {
    /// A rectangle tracker with the overlap rectangles need.
    public static func forRectangles(lostAfterNanoseconds: UInt64) -> RectangleTracker {
        RectangleTracker(lostAfterNanoseconds: lostAfterNanoseconds, minimumOverlap: 0.5)
    }
}
