import ScryCore
import ScryNotebook
import ScryText
import ScryBarcode

/// Writes one stream's detections as track events: barcodes (`BarcodeTracker`) and text
/// lines (`TextTracker`). A line's word and character boxes follow it, with its track, when
/// the line is confirmed (and at every sighting with --every-frame).
struct TrackedDetections {
    private var barcodeTracker: BarcodeTracker
    private var textTracker: TextTracker
    private let everyFrame: Bool
    /// The upright size of the last frame, for the lines written at the end.
    private var lastSize: ImageSize?

    init(_ options: TrackingOptions) {
        barcodeTracker = options.makeTracker()
        textTracker = options.makeTextTracker()
        everyFrame = options.everyFrame
    }

    /// The track events of `frame`'s barcodes, then of its text lines.
    mutating func emit(_ analysis: FrameAnalysis, frame: Frame, to output: Output) throws {
        let size = analysis.uprightSize
        lastSize = size
        let reports = barcodeTracker.update(
            frame: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, barcodes: analysis.barcodes)
        for report in reports where everyFrame || report.event == .confirmed || report.event == .lost {
            try output.emit(DetectionEvents.trackedBarcode(report, in: size))
        }
        guard analysis.textNanoseconds != nil else { return }
        let lines = analysis.texts.filter { $0.level == .line }
        let parts = analysis.texts.filter { $0.level != .line }
        let textReports = textTracker.update(
            frame: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, lines: lines)
        for report in textReports where everyFrame || report.event != .seen {
            try output.emit(DetectionEvents.trackedText(report, in: size))
            guard report.event != .lost else { continue }
            for part in parts where report.line.pixelBounds.contains(part.pixelBounds.centre) {
                let line = DetectionEvents.text(part, source: .frame(sequence: frame.sequence), in: size)
                try output.emit(DetectionEvents.tracked(line, track: report.track, event: report.event.rawValue))
            }
        }
    }

    /// `lost` for every track still open at the end of the stream.
    mutating func finish(to output: Output) throws {
        guard let lastSize else { return }
        for report in barcodeTracker.finish() {
            try output.emit(DetectionEvents.trackedBarcode(report, in: lastSize))
        }
        for report in textTracker.finish() {
            try output.emit(DetectionEvents.trackedText(report, in: lastSize))
        }
    }
}
