import ScryCore

/// Rectangles followed from frame to frame by where they are (`TrackingRules.overlapping`): a
/// rectangle continues the track whose last box overlaps it by an intersection over union of
/// 0.5 or more (a page moves little between frames, and a page and a card on it must not be
/// taken for each other), and a track is confirmed at its second sighting.
public typealias RectangleTracker = Tracker<RectangleObservation>

extension RectangleObservation: Trackable {}

extension Tracker where Item == RectangleObservation {
    public init(lostAfterNanoseconds: UInt64 = 500_000_000) {
        self.init(lostAfterNanoseconds: lostAfterNanoseconds, rules: .overlapping(minimumOverlap: 0.5))
    }
}
