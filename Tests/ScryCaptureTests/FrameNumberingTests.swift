import ScryCapture
import Testing

@Suite struct FrameNumberingTests {
    @Test func theDriversSequenceIsKeptWhileItCountsUpGapsIncluded() {
        var numbering = FrameNumbering()
        #expect([5, 6, 9, 10].map { numbering.number(driverSequence: $0) } == [5, 6, 9, 10])
    }

    @Test func aSequenceStuckAtZeroBecomesACount() {
        var numbering = FrameNumbering()
        #expect((0..<4).map { _ in numbering.number(driverSequence: 0) } == [0, 1, 2, 3])
        // The driver catching up again is followed.
        #expect(numbering.number(driverSequence: 10) == 10)
    }

    @Test func aWrappedSequenceKeepsIncreasing() {
        var numbering = FrameNumbering()
        #expect(numbering.number(driverSequence: UInt32.max) == UInt64(UInt32.max))
        #expect(numbering.number(driverSequence: 0) == UInt64(UInt32.max) + 1)
        #expect(numbering.number(driverSequence: 1) == UInt64(UInt32.max) + 2)
    }
}
