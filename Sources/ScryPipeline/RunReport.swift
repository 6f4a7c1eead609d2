import ScryCore

/// A run's counts and timings, as the stats line and the stderr summary give them.
public struct RunReport {
    public var outcome: RunOutcome
    /// "live" or "realtime" for a threaded run (frames captured, drops, latency); nil for a
    /// lockstep run (frames read, time in each detector).
    public var mode: String?

    public init(_ outcome: RunOutcome, mode: String?) {
        self.outcome = outcome
        self.mode = mode
    }

    /// Frames a second from the first frame's timestamp to the last one's.
    public var fps: Double? {
        let elapsed = outcome.elapsedSeconds
        return outcome.frames > 1 && elapsed > 0 ? Double(outcome.frames - 1) / elapsed : nil
    }

    /// The stats line: every lane of the run by its name.
    public var statsLine: StatsLine {
        var lanes: [String: StatsLine.Lane] = [:]
        for lane in outcome.lanes { lanes[lane.name] = StatsLine.Lane(lane.statistics, streamed: mode != nil) }
        var line = StatsLine(frames: outcome.frames, lanes: lanes, streamed: mode.map { ($0, outcome.elapsedSeconds, fps) })
        if outcome.undecodable > 0 { line.undecodableFrames = outcome.undecodable }
        if outcome.decoding.count > 0 { line.decoding = outcome.decoding }
        return line
    }

    /// One line for stderr: "300 frames in 9.97 s (30 fps); barcode lane: 300 processed, 0
    /// dropped, latency ..." for a threaded run, "6 frames, 2 barcodes, 0 text regions,
    /// barcode lane p50 9.1 ms p99 12 ms" for a lockstep one.
    public var summary: String {
        if mode != nil {
            var text = "\(outcome.frames) frames in \(LaneStatistics.format(outcome.elapsedSeconds)) s"
            if let fps { text += " (\(LaneStatistics.format(fps)) fps)" }
            if outcome.undecodable > 0 { text += "; \(outcome.undecodable) undecodable frames skipped" }
            for lane in outcome.lanes { text += "; \(lane.name) lane: " + lane.statistics.summary }
            return text
        }
        var text = "\(outcome.frames) frames"
        for lane in outcome.lanes { text += ", \(lane.statistics.detections) \(lane.kind.detectionNoun)" }
        if outcome.undecodable > 0 { text += ", \(outcome.undecodable) undecodable frames skipped" }
        for lane in outcome.lanes {
            guard let p50 = lane.statistics.processing.percentileMilliseconds(50),
                let p99 = lane.statistics.processing.percentileMilliseconds(99)
            else { continue }
            text += ", \(lane.name) lane p50 \(LaneStatistics.format(p50)) ms p99 \(LaneStatistics.format(p99)) ms"
        }
        return text
    }
}
