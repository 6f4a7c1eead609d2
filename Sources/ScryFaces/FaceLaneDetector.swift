import ScryCore

/// The face lane's detector: `FaceDetector` on each frame, in colour, its faces tracked in
/// streams by `FaceTracker`.
public typealias FaceLaneDetector = TrackingLaneDetector<FaceLine>

extension TrackingLaneDetector where Line == FaceLine {
    public convenience init(_ detector: FaceDetector, tracking: TrackingPolicy?) {
        self.init(
            kind: .face, tracking: tracking, makeTracker: { FaceTracker(lostAfterNanoseconds: $0) },
            find: { input in try detector.faces(in: input.frame, orientation: input.orientation) },
            annotation: { face, _, track in Self.annotation(face, track: track) })
    }

    /// The face's box, labelled with its confidence, and its landmark regions when it has
    /// them (closed: the eyes, the lips and the nose's outline; open: the rest).
    private static func annotation(_ face: FaceObservation, track: Int?) -> Annotation {
        let percent = Int((face.confidence * 100).rounded())
        let closed: Set = ["right_eye", "left_eye", "outer_lips", "inner_lips", "nose", "right_eyebrow", "left_eyebrow"]
        let strokes = (face.landmarks?.named ?? []).filter { !$0.points.isEmpty }.map {
            Annotation.Stroke(points: $0.points, closed: closed.contains($0.name))
        }
        return Annotation(
            lane: .face, outline: Annotation.corners(of: face.pixelBounds), label: "face \(percent)%", track: track,
            strokes: strokes)
    }
}

extension LaneKind {
    /// The face lane: orange boxes, labelled after codes, the label inside a corner if need be;
    /// behind when a frame's faces come more than a second after its capture, or when it
    /// analyses fewer than 5 frames a second (over 2 s) while frames come faster (a track
    /// unseen for 0.5 s is lost, and is confirmed at its second sighting). With other lanes it
    /// analyses at most 12 frames a second (alone, 30 take most of a core), at nice 5, and at
    /// most 6 while the text lane has lines waiting to be read.
    public static let face = LaneKind(
        name: "face", detectionNoun: "faces",
        style: AnnotationStyle(outline: .init(255, 140, 0), label: .init(170, 80, 0), labelOrder: 1),
        budget: LaneBudget(
            deadline: .seconds(1), floorFramesPerSecond: 5, sharedFramesPerSecond: 12, sharedNiceness: 5, yieldingFramesPerSecond: 6))
}
