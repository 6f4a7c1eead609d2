import ScryCore

/// Durations collected over a run, summarized as percentiles, in a fixed amount of memory: a
/// day of `scry live` records millions of frames. The first `exactSamples` durations are kept
/// as they are (their percentiles are exact); beyond that, percentiles come from a log-linear
/// histogram whose buckets are 1/128 of their power of two wide, so a percentile is within
/// 0.8% of the true one.
public struct LatencyStatistics: Sendable {
    /// How many samples are kept exactly before the histogram alone answers.
    public static let exactSamples = 8192
    private static let subBuckets = 128
    private static let subBucketBits = 7

    private var samples: [UInt64] = []
    private var buckets: [UInt64]
    public private(set) var count = 0

    public init() {
        buckets = [UInt64](repeating: 0, count: (64 - Self.subBucketBits + 1) * Self.subBuckets)
    }

    public mutating func record(nanoseconds: UInt64) {
        count += 1
        if samples.count < Self.exactSamples { samples.append(nanoseconds) }
        buckets[Self.bucket(of: nanoseconds)] += 1
    }

    /// The histogram bucket of `value`: values below 128 have one each; above, each power of
    /// two is split into 128 equal buckets.
    static func bucket(of value: UInt64) -> Int {
        guard value >= UInt64(subBuckets) else { return Int(value) }
        let magnitude = 64 - value.leadingZeroBitCount - subBucketBits  // 1...57
        let mantissa = Int(value >> UInt64(magnitude - 1)) - subBuckets  // 0..<128
        return magnitude * subBuckets + mantissa
    }

    /// The middle of a bucket's range of values.
    static func representative(of bucket: Int) -> Double {
        let magnitude = bucket / subBuckets
        guard magnitude > 0 else { return Double(bucket) }
        let width = Double(UInt64(1) << UInt64(magnitude - 1))
        let low = Double(subBuckets + bucket % subBuckets) * width
        return low + width / 2
    }

    /// The `p`-th percentile (0...100) in milliseconds by the nearest-rank method; nil when
    /// nothing was recorded.
    public func percentileMilliseconds(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = min(count, max(1, Int((p / 100 * Double(count)).rounded(.up))))
        if count == samples.count {
            return Double(samples.sorted()[rank - 1]) / 1_000_000
        }
        var seen: UInt64 = 0
        for (bucket, bucketCount) in buckets.enumerated() where bucketCount > 0 {
            seen += bucketCount
            if seen >= UInt64(rank) { return Self.representative(of: bucket) / 1_000_000 }
        }
        return nil
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
