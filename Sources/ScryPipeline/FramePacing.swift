import ScryCore

/// When each frame of a recording is due when it is played at its recorded pace: each frame
/// comes its recorded gap after the one before. Timestamps that go backwards are played at
/// once; a gap longer than `longestGapNanoseconds` (a pause, or a damaged timestamp, not a
/// camera's frame interval) is played as that longest gap and counted.
public struct FramePacing: Sendable {
    /// V4L2 cameras' slowest frame intervals are a second or two.
    public static let defaultLongestGapNanoseconds: UInt64 = 2_000_000_000

    public let longestGapNanoseconds: UInt64
    /// Gaps that were longer than the longest gap, so far.
    public private(set) var longGaps = 0
    /// The first long gap seen: the frame's sequence number and its recorded gap.
    public private(set) var firstLongGap: (sequence: UInt64, nanoseconds: UInt64)?
    private var previous: (due: UInt64, timestamp: UInt64)?

    public init(longestGapNanoseconds: UInt64 = defaultLongestGapNanoseconds) {
        self.longestGapNanoseconds = longestGapNanoseconds
    }

    /// The frame's due time in nanoseconds after the first frame (which is due at 0).
    public mutating func due(_ frame: Frame) -> UInt64 {
        guard let previous else {
            previous = (0, frame.timestampNanoseconds)
            return 0
        }
        var gap = frame.timestampNanoseconds > previous.timestamp ? frame.timestampNanoseconds - previous.timestamp : 0
        if gap > longestGapNanoseconds {
            if firstLongGap == nil { firstLongGap = (frame.sequence, gap) }
            longGaps += 1
            gap = longestGapNanoseconds
        }
        let (due, overflow) = previous.due.addingReportingOverflow(gap)
        let result = overflow ? UInt64.max : due
        self.previous = (result, frame.timestampNanoseconds)
        return result
    }
}

/// Another source's frames at their recorded pace (`replay --realtime`): the first frame
/// comes at once, each next one its recorded gap (see `FramePacing`) after the one before,
/// and its "captured" instant is the instant it was due. Each frame after the second is read
/// from the source shortly before it is expected (`readingLeadNanoseconds`), as a camera
/// makes its frame, rather than as soon as the one before has been handed on, when the lanes
/// are busy with it (a dump's frame costs its reader about a millisecond: the CRC, the file);
/// a frame read late is still given the instant it was due, so the lateness counts in its
/// latency.
public final class PacedFrameSource: FrameSource {
    private let source: any FrameSource
    private let waitUntil: (ContinuousClock.Instant) -> Void
    private let onFirstLongGap: (_ sequence: UInt64, _ gapNanoseconds: UInt64) -> Void
    public private(set) var pacing: FramePacing
    private var start: ContinuousClock.Instant?
    /// Called once, with the first frame, before the pace starts: what it does (the run's
    /// detectors readied for the frame's size) delays the whole replay, not its frames.
    public var beforeStart: ((Frame) -> Void)?
    /// The last frame's due time, and when to start reading the next, in nanoseconds after the
    /// first frame (nil until two frames have given a gap).
    private var lastOffset: UInt64?
    private var expectedNextOffset: UInt64?
    /// How long before the next frame is expected (the last gap after the last frame) its
    /// reading starts: a third of that gap, at least this, at most the whole gap.
    static let readingLeadNanoseconds: UInt64 = 5_000_000

    /// `waitUntil` blocks until the instant (returning early when a signal arrives); the
    /// default sleeps. `onFirstLongGap` is told of the first gap played shorter than
    /// recorded, before it is waited for.
    public init(
        _ source: any FrameSource, pacing: FramePacing = FramePacing(),
        waitUntil: @escaping (ContinuousClock.Instant) -> Void = sleep(until:),
        onFirstLongGap: @escaping (_ sequence: UInt64, _ gapNanoseconds: UInt64) -> Void = { _, _ in }
    ) {
        self.source = source
        self.pacing = pacing
        self.waitUntil = waitUntil
        self.onFirstLongGap = onFirstLongGap
    }

    public func next() throws -> FrameSourceReading {
        // The next frame is read shortly before it is expected (the last gap after the last
        // frame), as a camera's frame is made while the lanes are idle, not right after the
        // frame before, when they are busy with it.
        if let start, let expected = expectedNextOffset {
            waitUntil(start + .nanoseconds(Int64(clamping: expected)))
        }
        let reading = try source.next()
        guard case .frame(let frame, _) = reading else { return reading }
        let longGapsBefore = pacing.longGaps
        let offset = pacing.due(frame)
        if longGapsBefore == 0, let first = pacing.firstLongGap { onFirstLongGap(first.sequence, first.nanoseconds) }
        if self.start == nil, let beforeStart {
            self.beforeStart = nil
            beforeStart(frame)
        }
        let start = self.start ?? .now
        self.start = start
        let due = start + .nanoseconds(Int64(clamping: offset))
        if let last = lastOffset, offset > last {
            let gap = offset - last
            let (expected, overflow) = offset.addingReportingOverflow(gap - min(gap, max(Self.readingLeadNanoseconds, gap / 3)))
            expectedNextOffset = overflow ? nil : expected
        } else {
            expectedNextOffset = nil
        }
        lastOffset = offset
        waitUntil(due)
        return .frame(frame, captured: due)
    }

    public func stop() { source.stop() }
}
