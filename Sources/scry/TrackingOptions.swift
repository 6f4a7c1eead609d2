import ArgumentParser
import ScryCore

/// How streamed and replayed barcodes are grouped into tracks (see `BarcodeTracker`).
struct TrackingOptions: ParsableArguments {
    @Flag(help: "Report every sighting of a barcode (events \"seen\" and \"unconfirmed\"), not only when its track is confirmed and lost.")
    var everyFrame = false

    @Option(help: ArgumentHelp("A track unseen for this many seconds of frame time is lost.", valueName: "seconds"))
    var lostAfter = 0.5

    func validate() throws {
        guard lostAfter.isFinite, lostAfter > 0, lostAfter <= 3600 else {
            throw ValidationError("--lost-after must be a number of seconds above 0 and at most 3600")
        }
    }

    func makeTracker() -> BarcodeTracker {
        BarcodeTracker(lostAfterNanoseconds: UInt64(lostAfter * 1e9))
    }
}

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
