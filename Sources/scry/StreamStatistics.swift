import ScryCore
import ScryNotebook
import ScryText
import ScryBarcode

/// Counts and timings of a streamed run, for the stderr summary and the stats line.
struct StreamStatistics {
    /// "live" or "realtime".
    var mode: String
    var captured = 0
    /// Seconds from the first frame to the last one.
    var elapsedSeconds: Double = 0
    var barcode: LaneStatistics?
    var text: LaneStatistics?

    var fps: Double? { captured > 1 && elapsedSeconds > 0 ? Double(captured - 1) / elapsedSeconds : nil }

    var json: [String: JSONValue] {
        [
            "mode": .string(mode),
            "frames": .int(captured),
            "barcodes": .int(barcode?.detections ?? 0),
            "texts": .int(text?.detections ?? 0),
            "duration_s": .rounded(elapsedSeconds, decimals: 3),
            "fps": fps.map { .rounded($0, decimals: 2) } ?? .null,
            "lanes": .object([
                "barcode": (barcode ?? LaneStatistics()).json, "text": (text ?? LaneStatistics()).json,
            ]),
        ]
    }

    var summary: String {
        var text = "\(captured) frames in \(LaneStatistics.format(elapsedSeconds)) s"
        if let fps { text += " (\(LaneStatistics.format(fps)) fps)" }
        if let barcode { text += "; barcode lane: " + barcode.summary }
        if let textLane = self.text { text += "; text lane: " + textLane.summary }
        return text
    }
}
