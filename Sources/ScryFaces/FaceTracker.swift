import ScryCore

/// Faces followed from frame to frame by where they are (`TrackingRules.overlapping`): a face
/// continues the track whose last box overlaps it by an intersection over union of 0.3 or
/// more, and a track is confirmed at its second sighting.
public typealias FaceTracker = Tracker<FaceObservation>

extension FaceObservation: Trackable {}

extension Tracker where Item == FaceObservation {
    public init(lostAfterNanoseconds: UInt64 = 500_000_000) {
        self.init(lostAfterNanoseconds: lostAfterNanoseconds, rules: .overlapping(minimumOverlap: 0.3))
    }
}
