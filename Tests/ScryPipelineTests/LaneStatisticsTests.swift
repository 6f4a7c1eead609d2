import Testing

import ScryCore
import ScryPipeline

struct LaneStatisticsTests {
    @Test func countsAndPercentiles() {
        var lane = LaneStatistics()
        for index in 1...100 {
            lane.record(
                detections: index.isMultiple(of: 10) ? 1 : 0,
                processingNanoseconds: UInt64(index) * 1_000_000,
                latencyNanoseconds: UInt64(index) * 2_000_000)
        }
        lane.dropped = 25
        #expect(lane.processed == 100)
        #expect(lane.detections == 10)
        #expect(lane.offered == 125)
        #expect(lane.dropRate == 0.2)
        #expect(lane.latency.percentileMilliseconds(50) == 100)
        #expect(lane.latency.percentileMilliseconds(99) == 198)
        guard case .object(let json) = lane.json else {
            Issue.record("lane json is not an object")
            return
        }
        #expect(json["processed"] == .int(100))
        #expect(json["dropped"] == .int(25))
        #expect(json["p50_ms"] == .rounded(50, decimals: 3))
        #expect(lane.summary == "100 processed, 25 dropped, latency p50 100.0 ms p95 190.0 ms p99 198.0 ms")
    }

    @Test func anIdleLaneHasNoPercentiles() {
        let lane = LaneStatistics()
        #expect(lane.dropRate == 0)
        #expect(lane.summary == "0 processed, 0 dropped")
    }
}
