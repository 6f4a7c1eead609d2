import ScryCore
import ScryNotebook
import ScryText
import ScryBarcode

/// Counts and lane timings of one run, for the stderr summary and the stats line.
struct RunStatistics {
    var frames = 0
    var barcodes = 0
    var texts = 0
    var barcodeLane = LatencyStatistics()
    var textLane = LatencyStatistics()

    mutating func add(_ analysis: FrameAnalysis) {
        frames += 1
        barcodes += analysis.barcodes.count
        texts += analysis.texts.count
        if let nanoseconds = analysis.barcodeNanoseconds { barcodeLane.record(nanoseconds: nanoseconds) }
        if let nanoseconds = analysis.textNanoseconds { textLane.record(nanoseconds: nanoseconds) }
    }

    var json: [String: JSONValue] {
        [
            "frames": .int(frames), "barcodes": .int(barcodes), "texts": .int(texts),
            "lanes": .object(["barcode": barcodeLane.json, "text": textLane.json]),
        ]
    }

    var summary: String {
        func lane(_ name: String, _ stats: LatencyStatistics) -> String {
            guard let p50 = stats.percentileMilliseconds(50), let p99 = stats.percentileMilliseconds(99)
            else { return "" }
            return ", \(name) lane p50 \(format(p50)) ms p99 \(format(p99)) ms"
        }
        return "\(frames) frames, \(barcodes) barcodes, \(texts) text regions"
            + lane("barcode", barcodeLane) + lane("text", textLane)
    }

    private func format(_ value: Double) -> String {
        String((value * 10).rounded() / 10)
    }
}

/// Writes an analysis's detections as JSON lines.
func emitDetections(
    _ analysis: FrameAnalysis, source: DetectionEvents.Source, to output: Output
) throws {
    for barcode in analysis.barcodes {
        try output.emit(DetectionEvents.barcode(barcode, source: source, in: analysis.uprightSize))
    }
    for text in analysis.texts {
        try output.emit(DetectionEvents.text(text, source: source, in: analysis.uprightSize))
    }
}
