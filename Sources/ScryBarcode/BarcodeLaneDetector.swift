import ScryCore

/// The barcode lane's detector: `BarcodeDetector` (or any `BarcodeDetecting`) on each upright
/// frame. In a stream, its readings are grouped into tracks by `BarcodeTracker` and written as
/// track events (`confirmed` and `lost`, or every sighting with `everyFrame`); without
/// tracking (image files), every reading is a line naming where it was seen.
public final class BarcodeLaneDetector: Detector {
    public let kind = LaneKind.barcode
    private let detector: any BarcodeDetecting
    private var tracker: BarcodeTracker?
    private let everyFrame: Bool
    /// The upright size of the last frame, for the lines written at the end.
    private var lastSize: ImageSize?
    /// Where each frame's codes are published for the text lane, when there is one.
    private let areas: BarcodeAreas?

    public init(_ detector: any BarcodeDetecting, tracking: TrackingPolicy?, publishingTo areas: BarcodeAreas? = nil) {
        self.detector = detector
        self.areas = areas
        tracker = tracking.map { BarcodeTracker(lostAfterNanoseconds: $0.lostAfterNanoseconds) }
        everyFrame = tracking?.everyFrame ?? true
    }

    public func detect(_ input: DetectorInput) -> DetectorOutput {
        let size = input.upright.size
        lastSize = size
        let barcodes = detector.detect(in: input.upright)
        areas?.publish(barcodes.map(\.corners), in: input.frame)
        guard tracker != nil else {
            let lines = barcodes.map { BarcodeLine($0, source: input.origin.source, in: size) }
            let annotations = input.wantsAnnotations ? barcodes.map { annotation($0, in: input.upright) } : []
            return DetectorOutput(events: lines, detections: barcodes.count, annotations: annotations)
        }
        let reports = tracker!.update(
            frame: input.frame.sequence, timestampNanoseconds: input.frame.timestampNanoseconds, barcodes: barcodes)
        let events = reports.filter { everyFrame || $0.event == .confirmed || $0.event == .lost }
            .map { BarcodeLine($0, in: size) }
        guard input.wantsAnnotations else { return DetectorOutput(events: events, detections: barcodes.count) }
        let sightings = reports.filter { $0.event != .lost }
        let annotations = barcodes.map { barcode in
            annotation(barcode, in: input.upright, track: sightings.first { $0.barcode == barcode }?.track)
        }
        return DetectorOutput(events: events, detections: barcodes.count, annotations: annotations)
    }

    /// The symbology and the payload's start, around the code's corners (a linear code's
    /// grown to the height of its bars, where a reader gave only the row it scanned).
    private func annotation(_ barcode: BarcodeObservation, in image: GrayImage, track: Int? = nil) -> Annotation {
        let text = String(decoding: barcode.payload, as: UTF8.self)
        let shown = text.count > 40 ? text.prefix(39) + "…" : Substring(text)
        let outline = LinearCodeExtent.isLinear(barcode.symbology)
            ? LinearCodeExtent.outline(barcode.corners, in: image) : barcode.corners
        return Annotation(lane: kind, outline: outline, label: "\(barcode.symbology.rawValue) \(shown)", track: track)
    }

    public func finish() -> [any OutputLine] {
        guard let lastSize, tracker != nil else { return [] }
        return tracker!.finish().map { BarcodeLine($0, in: lastSize) }
    }
}

extension LaneKind {
    /// The barcode lane: green outlines, drawn over any other's, labelled first.
    public static let barcode = LaneKind(
        name: "barcode", detectionNoun: "barcodes",
        style: AnnotationStyle(
            outline: .init(0, 200, 0), label: .init(0, 120, 0), labelOrder: 0, shape: .box, drawnLast: true))
}
