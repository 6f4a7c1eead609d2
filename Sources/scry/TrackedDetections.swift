import ScryCore

/// Writes one stream's detections with barcodes as track events.
struct TrackedDetections {
    private var tracker: BarcodeTracker
    private let everyFrame: Bool
    /// The upright size of the last frame, for the lines written at the end.
    private var lastSize: ImageSize?

    init(_ options: TrackingOptions) {
        tracker = options.makeTracker()
        everyFrame = options.everyFrame
    }

    /// The track events of `frame`'s barcodes, then its text lines.
    mutating func emit(_ analysis: FrameAnalysis, frame: Frame, to output: Output) throws {
        lastSize = analysis.uprightSize
        let reports = tracker.update(
            frame: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, barcodes: analysis.barcodes)
        for report in reports where everyFrame || report.event == .confirmed || report.event == .lost {
            try output.emit(DetectionEvents.trackedBarcode(report, in: analysis.uprightSize))
        }
        for text in analysis.texts {
            try output.emit(DetectionEvents.text(text, source: .frame(sequence: frame.sequence), in: analysis.uprightSize))
        }
    }

    /// `lost` for every track still open at the end of the stream.
    mutating func finish(to output: Output) throws {
        guard let lastSize else { return }
        for report in tracker.finish() {
            try output.emit(DetectionEvents.trackedBarcode(report, in: lastSize))
        }
    }
}
