import ScryCore

/// Faces followed from frame to frame by where they are (`OverlapTracker`'s rules): a face
/// continues the track whose last box overlaps it by an intersection over union of 0.3 or
/// more, and a track is confirmed at its second sighting.
public typealias FaceTracker = OverlapTracker<FaceObservation>

extension FaceObservation: Trackable {}
