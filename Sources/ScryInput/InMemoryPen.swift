/// A pen that draws what it was given, on a clock of its own that moves only as the session
/// waits: the in-memory twin of `PenReader`, so that a pen session runs the same in a test
/// whatever the machine's load. Once every sample is given, it says it was unplugged.
public struct InMemoryPen: PenSampleSource {
    private var waiting: [PenSample]
    public private(set) var nowMilliseconds: Double

    /// `samples` in the order drawn, stamped in milliseconds; the clock starts at `start`.
    public init(samples: [PenSample], start: Double = 0) {
        waiting = samples
        nowMilliseconds = start
    }

    public mutating func samples(waitingAtMost milliseconds: Int) throws(InputDeviceError) -> [PenSample] {
        guard let first = waiting.first else { throw .disconnected }
        let deadline = nowMilliseconds + Double(milliseconds)
        guard first.milliseconds <= deadline else {
            nowMilliseconds = deadline
            return []
        }
        // Everything stamped up to the first sample's moment arrives together, as one read.
        let moment = max(nowMilliseconds, first.milliseconds)
        let count = waiting.prefix { $0.milliseconds <= moment }.count
        defer { waiting.removeFirst(count) }
        nowMilliseconds = moment
        return Array(waiting.prefix(count))
    }
}
