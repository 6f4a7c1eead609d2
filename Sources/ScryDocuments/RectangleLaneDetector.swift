import ScryCore

/// The rectangle lane's detector: `RectangleDetector` on each upright frame, its rectangles
/// tracked in streams by `RectangleTracker`.
public typealias RectangleLaneDetector = TrackingLaneDetector<RectangleLine>

extension TrackingLaneDetector where Line == RectangleLine {
    /// With `following` (a stream's `--track-rectangle`), rectangles are followed between
    /// detections by a `RectangleFollower`.
    public convenience init(_ detector: RectangleDetector, tracking: TrackingPolicy?, following: Bool = false) {
        let follower = following ? RectangleFollower(detector) : nil
        self.init(
            kind: .rectangle, tracking: tracking, makeTracker: { RectangleTracker(lostAfterNanoseconds: $0) },
            find: { input in try follower?.rectangles(in: input.upright) ?? detector.rectangles(in: input.upright) },
            annotation: { rectangle, _, track in
                // The rectangle's outline, labelled with its confidence.
                let percent = Int((rectangle.confidence * 100).rounded())
                return Annotation(
                    lane: .rectangle, outline: rectangle.corners, label: "rectangle \(percent)%" + rectangle.cutLabel,
                    track: track)
            })
    }
}

extension LaneKind {
    /// The rectangle lane: red outlines, labelled after codes and faces; with other lanes it
    /// analyses at most 10 frames a second (a page held by hand moves little in 0.1 s), at
    /// nice 5, and at most 2 while the text lane has lines waiting to be read.
    public static let rectangle = LaneKind(
        name: "rectangle", detectionNoun: "rectangles", style: Self.pageStyle,
        budget: LaneBudget(sharedFramesPerSecond: 10, sharedNiceness: 5, yieldingFramesPerSecond: 2))

    /// `scry scan`'s lane: pages found and stored, drawn as rectangles are.
    public static let page = LaneKind(name: "page", detectionNoun: "pages", style: Self.pageStyle)

    private static let pageStyle = AnnotationStyle(outline: .init(220, 0, 0), label: .init(170, 0, 0), labelOrder: 2)
}
