import ScryCore
import ScryPipeline
import Testing

/// Each frame is due its recorded gap after the one before; a gap that goes backwards is
/// played at once, and one longer than the longest gap is played as the longest gap.
@Test func framesAreDueAtTheirRecordedGaps() {
    var pacing = FramePacing(longestGapNanoseconds: 2_000_000_000)
    let timestamps: [UInt64] = [1_000, 1_033, 1_066, 9_000, 8_000, 8_033]  // milliseconds
    let due = timestamps.enumerated().map { pacing.due(grayFrame(UInt64($0.offset), timestamp: $0.element)) }
    #expect(due.map { $0 / 1_000_000 } == [0, 33, 66, 2_066, 2_066, 2_099])
    #expect(pacing.longGaps == 1)
    #expect(pacing.firstLongGap?.sequence == 3)
    #expect(pacing.firstLongGap?.nanoseconds == 7_934_000_000)
}

/// A paced source waits until each frame is due (here a recorded wait, not a sleep) and gives
/// the frame that due instant as its capture instant; the first long gap is reported before
/// it is waited for. Before reading the third frame it waits until shortly before the last
/// gap (40 ms) would make it due: two thirds of that gap after the second.
@Test func aPacedSourceWaitsForEachFrame() throws {
    var waits: [ContinuousClock.Instant] = []
    var reported: [UInt64] = []
    let frames = [grayFrame(1, timestamp: 500), grayFrame(2, timestamp: 540), grayFrame(3, timestamp: 60_000)]
    let source = PacedFrameSource(
        InMemoryFrameSource(frames: frames), waitUntil: { waits.append($0) },
        onFirstLongGap: { sequence, _ in reported.append(sequence) })
    var captured: [ContinuousClock.Instant] = []
    while case .frame(_, let instant) = try source.next() { captured.append(instant) }
    // The last wait comes before the read that finds the recording's end.
    #expect(waits.count == 5)
    #expect(captured == [waits[0], waits[1], waits[3]])
    #expect(waits[1] - waits[0] == .milliseconds(40))
    #expect(waits[2] - waits[1] == .nanoseconds(26_666_667))
    #expect(waits[3] - waits[1] == .seconds(2))
    #expect(reported == [3])
    #expect(source.pacing.longGaps == 1)
}

/// A paced source hands its first frame to `beforeStart` (the run's detectors readied for its
/// size) before its pace starts: the first frame is due after `beforeStart` returned, and the
/// next its recorded gap after that.
@Test func aPacedSourceStartsItsPaceAfterBeforeStart() throws {
    var waits: [ContinuousClock.Instant] = []
    var started: [(sequence: UInt64, returned: ContinuousClock.Instant)] = []
    let frames = [grayFrame(1, timestamp: 500), grayFrame(2, timestamp: 540), grayFrame(3, timestamp: 580)]
    let source = PacedFrameSource(InMemoryFrameSource(frames: frames), waitUntil: { waits.append($0) })
    source.beforeStart = { frame in started.append((frame.sequence, ContinuousClock.now)) }
    var captured: [ContinuousClock.Instant] = []
    while case .frame(_, let instant) = try source.next() { captured.append(instant) }
    #expect(started.map(\.sequence) == [1])
    #expect(captured.count == 3 && captured == [waits[0], waits[1], waits[3]])
    #expect(captured[0] >= started[0].returned)
    #expect(captured[1] - captured[0] == .milliseconds(40))
}

/// A paced source reads a frame shortly before it is expected, not as soon as the frame before
/// has been handed on (when the lanes are busy with it): at 30 fps, 11 ms before (a third of
/// the gap); at 100 fps, 5 ms before (the least lead); the first two frames, before any gap is
/// known, are read at once.
@Test func aPacedSourceReadsEachFrameShortlyBeforeItIsExpected() throws {
    for (gap, lead) in [(33_000_000, 11_000_000), (10_000_000, 5_000_000)] as [(UInt64, UInt64)] {
        var events: [String] = []
        var waits: [ContinuousClock.Instant] = []
        let frames = (0..<4).map { grayFrame(UInt64($0), timestamp: 1_000 + UInt64($0) * gap / 1_000_000) }
        let source = PacedFrameSource(ReadLog(InMemoryFrameSource(frames: frames)) { events.append("read") }, waitUntil: {
            events.append("wait")
            waits.append($0)
        })
        var captured: [ContinuousClock.Instant] = []
        while case .frame(_, let instant) = try source.next() { captured.append(instant) }
        #expect(events == ["read", "wait", "read", "wait", "wait", "read", "wait", "wait", "read", "wait", "wait", "read"])
        #expect(captured == [waits[0], waits[1], waits[3], waits[5]])
        #expect(captured[3] - waits[4] == .nanoseconds(Int64(lead)), "gap \(gap)")
        #expect(captured[2] - waits[2] == .nanoseconds(Int64(lead)), "gap \(gap)")
    }
}

/// A frame source that calls `onRead` each time it is read.
private final class ReadLog: FrameSource {
    private let source: any FrameSource
    private let onRead: () -> Void
    init(_ source: any FrameSource, onRead: @escaping () -> Void) {
        self.source = source
        self.onRead = onRead
    }
    func next() throws -> FrameSourceReading {
        onRead()
        return try source.next()
    }
    func stop() { source.stop() }
}
