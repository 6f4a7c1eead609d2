import ScryCore

/// The rectangle lane's detector: `RectangleDetector` on each upright frame. In a stream,
/// rectangles are grouped into tracks by `RectangleTracker` and written as track events
/// (`confirmed` and `lost`, or every sighting with `everyFrame`); without tracking (image
/// files), every rectangle is a line naming where it was seen.
public final class RectangleLaneDetector: Detector {
    public let kind = LaneKind.rectangle
    private let detector: RectangleDetector
    private var tracker: RectangleTracker?
    private let everyFrame: Bool
    /// The upright size of the last frame, for the lines written at the end.
    private var lastSize: ImageSize?

    public init(_ detector: RectangleDetector, tracking: TrackingPolicy?) {
        self.detector = detector
        tracker = tracking.map { RectangleTracker.forRectangles(lostAfterNanoseconds: $0.lostAfterNanoseconds) }
        everyFrame = tracking?.everyFrame ?? true
    }

    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        let size = input.upright.size
        lastSize = size
        let rectangles = try detector.rectangles(in: input.upright)
        guard tracker != nil else {
            let lines = rectangles.map { RectangleLine($0, source: input.origin.source, in: size) }
            let annotations = input.wantsAnnotations ? rectangles.map { annotation($0) } : []
            return DetectorOutput(events: lines, detections: rectangles.count, annotations: annotations)
        }
        let reports = tracker!.update(
            frame: input.frame.sequence, timestampNanoseconds: input.frame.timestampNanoseconds, items: rectangles)
        let events = reports.filter { everyFrame || $0.event == .confirmed || $0.event == .lost }
            .map { RectangleLine($0, in: size) }
        guard input.wantsAnnotations else { return DetectorOutput(events: events, detections: rectangles.count) }
        let sightings = reports.filter { $0.event != .lost }
        let annotations = rectangles.map { rectangle in
            annotation(rectangle, track: sightings.first { $0.item == rectangle }?.track)
        }
        return DetectorOutput(events: events, detections: rectangles.count, annotations: annotations)
    }

    /// The rectangle's outline, labelled with its confidence.
    private func annotation(_ rectangle: RectangleObservation, track: Int? = nil) -> Annotation {
        let percent = Int((rectangle.confidence * 100).rounded())
        return Annotation(lane: kind, outline: rectangle.corners, label: "rectangle \(percent)%" + rectangle.cutLabel, track: track)
    }

    public func finish() -> [any OutputLine] {
        guard let lastSize, tracker != nil else { return [] }
        return tracker!.finish().map { RectangleLine($0, in: lastSize) }
    }
}

extension LaneKind {
    /// The rectangle lane: red outlines, labelled after codes and faces.
    public static let rectangle = LaneKind(
        name: "rectangle", detectionNoun: "rectangles", style: Self.pageStyle)

    /// `scry scan`'s lane: pages found and stored, drawn as rectangles are.
    public static let page = LaneKind(name: "page", detectionNoun: "pages", style: Self.pageStyle)

    private static let pageStyle = AnnotationStyle(outline: .init(220, 0, 0), label: .init(170, 0, 0), labelOrder: 2)
}
