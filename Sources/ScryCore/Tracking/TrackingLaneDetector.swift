/// A lane's detector built from a detection function, for a detector whose detections are
/// reported one line each (`Line`) and, in a stream, grouped into tracks (`Tracker`): the
/// barcode, face and rectangle lanes are each one of these, with their own find function,
/// tracker and annotation.
///
/// In a stream, its detections are written as track events: `confirmed` and `lost`, or every
/// sighting with `TrackingPolicy.everyFrame`. Without tracking (image files), every detection
/// is a line naming where it was seen.
public final class TrackingLaneDetector<Line: DetectionLine>: Detector where Line.Item: Equatable {
    public let kind: LaneKind
    private let find: (DetectorInput) throws -> [Line.Item]
    private let annotation: (Line.Item, GrayImage, _ track: Int?) -> Annotation
    private var tracker: Tracker<Line.Item>?
    private let everyFrame: Bool
    /// The upright size of the last frame, for the lines written at the end.
    private var lastSize: ImageSize?

    /// - Parameters:
    ///   - tracking: how a stream's detections are tracked; nil for image files.
    ///   - makeTracker: the lane's tracker, for the lost-after time in nanoseconds.
    ///   - find: the frame's detections, in the upright image's pixel space.
    ///   - annotation: how a picture draws a detection (in `upright`), with its track in a stream.
    public init(
        kind: LaneKind, tracking: TrackingPolicy?, makeTracker: (UInt64) -> Tracker<Line.Item>,
        find: @escaping (DetectorInput) throws -> [Line.Item],
        annotation: @escaping (_ item: Line.Item, _ upright: GrayImage, _ track: Int?) -> Annotation
    ) {
        self.kind = kind
        self.find = find
        self.annotation = annotation
        tracker = tracking.map { makeTracker($0.lostAfterNanoseconds) }
        everyFrame = tracking?.everyFrame ?? true
    }

    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        let size = input.upright.size
        lastSize = size
        let items = try find(input)
        guard tracker != nil else {
            let lines = items.map { Line($0, source: input.origin.source, in: size, track: nil) }
            let annotations = input.wantsAnnotations ? items.map { annotation($0, input.upright, nil) } : []
            return DetectorOutput(events: lines, detections: items.count, annotations: annotations)
        }
        let reports = tracker!.update(
            frame: input.frame.sequence, timestampNanoseconds: input.frame.timestampNanoseconds, items: items)
        let events = reports.filter { everyFrame || $0.event == .confirmed || $0.event == .lost }.map { Line($0, in: size) }
        guard input.wantsAnnotations else { return DetectorOutput(events: events, detections: items.count) }
        let sightings = reports.filter { $0.event != .lost }
        let annotations = items.map { item in annotation(item, input.upright, sightings.first { $0.item == item }?.track) }
        return DetectorOutput(events: events, detections: items.count, annotations: annotations)
    }

    public func finish() -> [any OutputLine] {
        guard let lastSize, tracker != nil else { return [] }
        return tracker!.finish().map { Line($0, in: lastSize) }
    }
}
