import ScryCore
import ScryPipeline
import Testing

@Test func writerEmitsWholeLines() throws {
    final class Lines: @unchecked Sendable { var all: [String] = [] }
    let lines = Lines()
    let writer = JSONLinesWriter { lines.all.append($0) }
    try writer.write(.object(["type": .string("x")]))
    try writer.write(.int(1))
    #expect(lines.all == ["{\"type\":\"x\"}\n", "1\n"])
}

@Test func percentilesUseNearestRank() {
    var stats = LatencyStatistics()
    #expect(stats.percentileMilliseconds(50) == nil)
    for ms in 1...100 { stats.record(nanoseconds: UInt64(ms) * 1_000_000) }
    #expect(stats.percentileMilliseconds(50) == 50)
    #expect(stats.percentileMilliseconds(99) == 99)
    #expect(stats.percentileMilliseconds(100) == 100)
}

@Test func aLineWithTheLargestFrameNumberWritesItWhole() {
    let line = OrientationLine(
        frame: .max, orientation: .left, estimate: OrientationEstimate(clockwiseDegrees: 90, confidence: 9),
        uprightSize: ImageSize(width: 720, height: 1280))
    #expect(line.serialized.contains(#""frame":18446744073709551615"#))
}
