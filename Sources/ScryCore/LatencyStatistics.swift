/// Durations collected over a run, summarized as percentiles.
public struct LatencyStatistics: Sendable {
    private var samples: [UInt64] = []

    public init() {}

    public mutating func record(nanoseconds: UInt64) { samples.append(nanoseconds) }

    public var count: Int { samples.count }

    /// The `p`-th percentile (0...100) in milliseconds by the nearest-rank method; nil when
    /// nothing was recorded.
    public func percentileMilliseconds(_ p: Double) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        let index = min(sorted.count - 1, max(0, rank - 1))
        return Double(sorted[index]) / 1_000_000
    }

    /// `{"p50_ms":…,"p95_ms":…,"p99_ms":…,"count":…}` for a stats line.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["count": .int(count)]
        for p in [50.0, 95, 99] {
            object["p\(Int(p))_ms"] = percentileMilliseconds(p).map { .rounded($0, decimals: 3) } ?? .null
        }
        return .object(object)
    }
}
