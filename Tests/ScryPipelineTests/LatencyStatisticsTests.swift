import Testing

@testable import ScryPipeline

@Test func percentilesStayExactForShortRuns() {
    var stats = LatencyStatistics()
    for milliseconds in (1...1000).reversed() { stats.record(nanoseconds: UInt64(milliseconds) * 1_000_000) }
    #expect(stats.percentileMilliseconds(50) == 500)
    #expect(stats.percentileMilliseconds(99) == 990)
}

/// A long run is summarized by the histogram: percentiles within 1% of the true ones.
@Test func percentilesOfALongRunComeFromTheHistogram() {
    var stats = LatencyStatistics()
    let count = 200_000
    for index in 0..<count {
        // Microseconds from 1 to 200000, in a scrambled order.
        let value = (index &* 7919) % count + 1
        stats.record(nanoseconds: UInt64(value) * 1_000)
    }
    #expect(stats.count == count)
    for (p, truth) in [(50.0, 100.0), (95, 190.0), (99, 198.0), (100, 200.0)] {
        let found = try! #require(stats.percentileMilliseconds(p))
        #expect(abs(found - truth) / truth < 0.01, "p\(p): \(found) ms, truth \(truth) ms")
    }
}

@Test func bucketsCoverEveryValueInOrder() {
    var values: [UInt64] = [0, 1, 127, 128, 129, 255, 256, 1_000_000, 1_000_001, .max]
    for shift in 8..<64 { values += [UInt64(1) << UInt64(shift) - 1, UInt64(1) << UInt64(shift)] }
    let buckets = values.sorted().map(LatencyStatistics.bucket(of:))
    #expect(buckets == buckets.sorted())
    #expect(buckets.allSatisfy { $0 >= 0 && $0 < (64 - 7 + 1) * 128 })
    #expect(LatencyStatistics.bucket(of: .max) == (64 - 7 + 1) * 128 - 1)
    // Each value lies within half a bucket of its bucket's representative.
    for value in values where value > 0 {
        let middle = LatencyStatistics.representative(of: LatencyStatistics.bucket(of: value))
        #expect(abs(middle - Double(value)) / Double(value) <= 1.0 / 128, "\(value)")
    }
}
