import ScryCore

/// The barcode lane's detector: `BarcodeDetector` on each upright frame, its readings grouped
/// into tracks by `BarcodeTracker`, written as track events (`confirmed` and `lost`, or every
/// sighting with `everyFrame`).
public final class TrackedBarcodeDetector: Detector {
    public let name = "barcode"
    private let detector: any BarcodeDetecting
    private var tracker: BarcodeTracker
    private let everyFrame: Bool
    /// The upright size of the last frame, for the lines written at the end.
    private var lastSize: ImageSize?

    public init(_ detector: any BarcodeDetecting, tracking: TrackingPolicy) {
        self.detector = detector
        tracker = BarcodeTracker(lostAfterNanoseconds: tracking.lostAfterNanoseconds)
        everyFrame = tracking.everyFrame
    }

    public func detect(_ input: DetectorInput) -> DetectorOutput {
        let size = input.upright.size
        lastSize = size
        let barcodes = detector.detect(in: input.upright)
        let reports = tracker.update(
            frame: input.frame.sequence, timestampNanoseconds: input.frame.timestampNanoseconds, barcodes: barcodes)
        let events = reports.filter { everyFrame || $0.event == .confirmed || $0.event == .lost }
            .map { DetectionEvents.trackedBarcode($0, in: size) }
        return DetectorOutput(events: events, detections: barcodes.count)
    }

    public func finish() -> [JSONValue] {
        guard let lastSize else { return [] }
        return tracker.finish().map { DetectionEvents.trackedBarcode($0, in: lastSize) }
    }
}
