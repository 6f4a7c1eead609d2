/// Something a frame shows that is followed by where it is (a face, a page): it has no
/// content of its own to match by.
public protocol Trackable: Sendable, Equatable {
    /// Its box in the upright image's pixel space.
    var pixelBounds: PixelRect { get }
    /// How sure its detector is, 0...1: the surest choose their tracks first.
    var confidence: Double { get }
}

extension TrackingRules where Item: Trackable {
    /// Following by place: an item continues the open track whose last box overlaps it most,
    /// if their intersection over union is at least `minimumOverlap` (things move between
    /// frames); the surest items choose first; a track is confirmed at its second sighting, so
    /// one frame's false detection is not reported.
    public static func overlapping(minimumOverlap: Double) -> TrackingRules {
        TrackingRules(
            match: { track, item in
                let overlap = track.last.pixelBounds.intersectionOverUnion(item.pixelBounds)
                return overlap >= minimumOverlap ? overlap : nil
            },
            isConfirmed: { _, sightings in sightings >= 2 },
            choosesFirst: { $0.confidence > $1.confidence })
    }
}
