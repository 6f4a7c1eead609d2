import ScryCore

/// What one detector lane did during a streamed run (live capture or a paced replay).
public struct LaneStatistics: Sendable {
    /// Frames the lane analysed.
    public private(set) var processed = 0
    /// Frames replaced in the lane's mailbox before the lane could take them.
    public var dropped = 0
    /// Detections the lane reported.
    public private(set) var detections = 0
    /// Time inside the detector, per processed frame.
    public private(set) var processing = LatencyStatistics()
    /// Capture timestamp to the frame's JSON lines written, per processed frame.
    public private(set) var latency = LatencyStatistics()
    /// Frames whose lines came past the lane's deadline (`LaneBudget`).
    public var late = 0
    /// Frames analysed while the lane's rate was below its floor (`LaneBudget`).
    public var belowFloor = 0
    /// What the detector could not do for want of time, by counter (`LaneShortfall`).
    public var shortfalls: [String: Int] = [:]

    public init() {}

    public mutating func record(detections: Int, processingNanoseconds: UInt64, latencyNanoseconds: UInt64) {
        processed += 1
        self.detections += detections
        processing.record(nanoseconds: processingNanoseconds)
        latency.record(nanoseconds: latencyNanoseconds)
    }

    /// Frames offered to the lane: processed plus dropped (plus any lost to a failure).
    public var offered: Int { processed + dropped }

    /// The share of offered frames dropped, 0...1 (0 when none were offered).
    public var dropRate: Double { offered == 0 ? 0 : Double(dropped) / Double(offered) }

    /// The lane object of a stats line: processing-time percentiles at the top level (as for a
    /// sequential replay), plus `detections`, `processed`, `dropped`, capture-to-output
    /// `latency`, the frames `late` and `below_floor`, and the detector's shortfalls.
    public var json: JSONValue {
        guard case .object(var object) = processing.json else { return .null }
        object["detections"] = .int(detections)
        object["processed"] = .int(processed)
        object["dropped"] = .int(dropped)
        object["latency"] = latency.json
        object["late"] = .int(late)
        object["below_floor"] = .int(belowFloor)
        for (counter, count) in shortfalls { object[counter] = .int(count) }
        return .object(object)
    }

    /// "298 processed, 2 dropped, 1 late, latency p50 40.1 ms p95 52 ms p99 60.3 ms", for stderr.
    public var summary: String {
        var text = "\(processed) processed, \(dropped) dropped"
        if late > 0 { text += ", \(late) late" }
        if belowFloor > 0 { text += ", \(belowFloor) below its floor" }
        for (counter, count) in shortfalls.sorted(by: { $0.key < $1.key }) {
            text += ", \(count) \(counter.split(separator: "_").joined(separator: " "))"
        }
        if let p50 = latency.percentileMilliseconds(50), let p95 = latency.percentileMilliseconds(95),
            let p99 = latency.percentileMilliseconds(99)
        {
            text += ", latency p50 \(Self.format(p50)) ms p95 \(Self.format(p95)) ms p99 \(Self.format(p99)) ms"
        }
        return text
    }

    /// A figure rounded to one decimal, as the summaries print it.
    public static func format(_ milliseconds: Double) -> String {
        String((milliseconds * 10).rounded() / 10)
    }
}
