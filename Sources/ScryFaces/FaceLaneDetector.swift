import ScryCore

/// The face lane's detector: `FaceDetector` on each frame, in colour. In a stream, its faces
/// are grouped into tracks by `FaceTracker` and written as track events (`confirmed` and
/// `lost`, or every sighting with `everyFrame`); without tracking (image files), every face
/// is a line naming where it was seen.
public final class FaceLaneDetector: Detector {
    public let kind = LaneKind.face
    private let detector: FaceDetector
    private var tracker: FaceTracker?
    private let everyFrame: Bool
    /// The upright size of the last frame, for the lines written at the end.
    private var lastSize: ImageSize?

    public init(_ detector: FaceDetector, tracking: TrackingPolicy?) {
        self.detector = detector
        tracker = tracking.map { FaceTracker(lostAfterNanoseconds: $0.lostAfterNanoseconds) }
        everyFrame = tracking?.everyFrame ?? true
    }

    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        let size = input.upright.size
        lastSize = size
        let faces = try detector.faces(in: input.frame, orientation: input.orientation)
        guard tracker != nil else {
            let lines = faces.map { FaceLine($0, source: input.origin.source, in: size) }
            let annotations = input.wantsAnnotations ? faces.map { annotation($0) } : []
            return DetectorOutput(events: lines, detections: faces.count, annotations: annotations)
        }
        let reports = tracker!.update(
            frame: input.frame.sequence, timestampNanoseconds: input.frame.timestampNanoseconds, items: faces)
        let events = reports.filter { everyFrame || $0.event == .confirmed || $0.event == .lost }
            .map { FaceLine($0, in: size) }
        guard input.wantsAnnotations else { return DetectorOutput(events: events, detections: faces.count) }
        let sightings = reports.filter { $0.event != .lost }
        let annotations = faces.map { face in annotation(face, track: sightings.first { $0.item == face }?.track) }
        return DetectorOutput(events: events, detections: faces.count, annotations: annotations)
    }

    /// The face's box, labelled with its confidence, and its landmark regions when it has
    /// them (closed: the eyes, the lips and the nose's outline; open: the rest).
    private func annotation(_ face: FaceObservation, track: Int? = nil) -> Annotation {
        let percent = Int((face.confidence * 100).rounded())
        let closed: Set = ["right_eye", "left_eye", "outer_lips", "inner_lips", "nose", "right_eyebrow", "left_eyebrow"]
        let strokes = (face.landmarks?.named ?? []).filter { !$0.points.isEmpty }.map {
            Annotation.Stroke(points: $0.points, closed: closed.contains($0.name))
        }
        return Annotation(
            lane: kind, outline: Annotation.corners(of: face.pixelBounds), label: "face \(percent)%", track: track,
            strokes: strokes)
    }

    public func finish() -> [any OutputLine] {
        guard let lastSize, tracker != nil else { return [] }
        return tracker!.finish().map { FaceLine($0, in: lastSize) }
    }
}

extension LaneKind {
    /// The face lane: orange boxes, labelled after codes, the label inside a corner if need be.
    public static let face = LaneKind(
        name: "face", detectionNoun: "faces",
        style: AnnotationStyle(outline: .init(255, 140, 0), label: .init(170, 80, 0), labelOrder: 1))
}
