import Synchronization

/// How many lines of text a threaded run's text lane has found and not read yet, as it last
/// said (`DetectorOutput.linesWaitingToBeRead`), shared by the run's lanes: while some wait,
/// the lanes with a `LaneBudget.yieldingFramesPerSecond` take fewer frames, so that the
/// readers get the cores.
final class ReadingBacklog: Sendable {
    private let waiting = Atomic<Int>(0)

    /// The text lane's count after its last frame.
    func record(_ linesWaiting: Int) { waiting.store(linesWaiting, ordering: .relaxed) }

    /// Whether lines wait to be read.
    var hasLinesWaiting: Bool { waiting.load(ordering: .relaxed) > 0 }
}
