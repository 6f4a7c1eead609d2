import Foundation
import ScryCore
import Synchronization

/// A frame waiting for a lane, with the instant it was captured (for latency).
struct LaneInput: Sendable {
    var frame: Frame
    var captured: ContinuousClock.Instant
}

/// Why a lane could not go on: a frame it could not read, or its sink's error.
public enum LaneFailure: Error, CustomStringConvertible {
    /// The frame's pixels could not be read as gray (its payload does not fit its format).
    case unreadableFrame(sequence: UInt64, reason: String)
    /// The sink refused a line (stdout closed, disk full): the error it threw.
    case sink(any Error)
    /// The detector failed: the error it threw.
    case detector(name: String, any Error)
    /// A picture for `--annotate` could not be written.
    case annotation(AnnotationError)

    public var description: String {
        switch self {
        case .unreadableFrame(let sequence, let reason): "frame \(sequence): \(reason)"
        case .sink(let error): "\(error)"
        case .detector(_, let error): "\(error)"
        case .annotation(let error): "\(error)"
        }
    }
}

/// One detector on its own thread (a `Worker` with latest-only delivery): the capture loop
/// posts every frame and never waits; a frame the lane has not taken yet is replaced by the
/// next one and counted as dropped. Each frame is checked against the lane's budget
/// (`LaneBudgetWatch`): what falls short is counted, and said once through `warn`.
final class DetectionLane: Sendable {
    let kind: LaneKind
    private let worker: Worker<LaneInput>
    private let statistics = Mutex(LaneStatistics())

    /// Starts the lane's thread. `detector` (and `follower`) move to that thread and are used
    /// there only. `onStop` runs on the lane's thread if the lane has to stop early.
    init(
        detector: any Detector, orientation: SharedOrientation, follower: (any OrientationFollowing)?,
        sink: any EventSink, annotator: AnnotationWriter?, observer: (any RunObserver)?, sharing: Bool,
        backlog: ReadingBacklog = ReadingBacklog(),
        warn: @escaping @Sendable (String) -> Void, onStop: @escaping @Sendable (LaneFailure) -> Void
    ) {
        kind = detector.kind
        worker = Worker(name: "scry-\(kind.name)", delivery: .latestOnly)
        // tesseract recurses deeply on busy pages.
        worker.start(owning: (detector, follower), stackSize: 16 << 20, niceness: sharing ? kind.budget.sharedNiceness : 0) { [self] owned, jobs in
            let (detector, follower) = owned
            run(
                detector: detector, orientation: orientation, follower: follower, sink: sink,
                annotator: annotator, observer: observer, jobs: jobs, interval: sharing ? detector.kind.budget.sharedFrameInterval : nil,
                yieldingInterval: sharing ? detector.kind.budget.yieldingFrameInterval : nil, backlog: backlog, warn: warn,
                onStop: onStop)
        }
    }

    /// Hands `input` to the lane, replacing a frame it has not taken yet.
    func post(_ input: LaneInput) { worker.post(input) }

    private func run(
        detector: any Detector, orientation: SharedOrientation, follower: (any OrientationFollowing)?,
        sink: any EventSink, annotator: AnnotationWriter?, observer: (any RunObserver)?, jobs: Worker<LaneInput>.Jobs,
        interval: Duration?, yieldingInterval: Duration?, backlog: ReadingBacklog, warn: @Sendable (String) -> Void,
        onStop: @Sendable (LaneFailure) -> Void
    ) {
        let step = FrameStep(sink: sink, annotator: annotator, observer: observer)
        var watch = LaneBudgetWatch(kind: detector.kind)
        var stopped = false
        defer {
            // The tracks still open end with the stream.
            if !stopped {
                do throws(LaneFailure) { try step.finish(detector) } catch { onStop(error) }
            }
        }
        while let input = jobs.next() {
            // After a stop the lane keeps emptying its mailbox, so that the capture loop's
            // posts stay cheap until it notices.
            if stopped { continue }
            let start = ContinuousClock.now
            // Its share of a run with other lanes: the frames that come before its next turn
            // replace each other in the mailbox (counted as dropped), and the newest is taken;
            // a smaller share while the text lane's lines wait to be read.
            defer {
                if let turn = (backlog.hasLinesWaiting ? yieldingInterval : nil) ?? interval, !stopped {
                    while ContinuousClock.now < start + turn { sleep(until: start + turn) }
                }
            }
            do throws(LaneFailure) {
                let stored = try FrameStep.storedGray(input.frame)
                let turned = FrameStep.follow(stored, of: input.frame, with: follower, orientation: orientation)
                let turn = orientation.current
                let detectorInput = DetectorInput(
                    frame: input.frame, upright: stored.turnedUpright(from: turn), orientation: turn,
                    wantsAnnotations: annotator != nil || observer != nil)
                let measure = try step.detect(
                    with: detector, detectorInput, writingFirst: turned.map { [$0] } ?? [], captured: input.captured)
                if let waiting = measure.linesWaitingToBeRead { backlog.record(waiting) }
                let warnings = watch.record(
                    latency: .nanoseconds(Int64(measure.latencyNanoseconds)), done: measure.done,
                    offered: worker.postedCount, shortfalls: measure.shortfalls)
                statistics.withLock { statistics in
                    statistics.record(measure)
                    statistics.late = watch.lateFrames
                    statistics.belowFloor = watch.framesBelowFloor
                    statistics.shortfalls = watch.shortfalls
                }
                for warning in warnings { warn(warning) }
            } catch {
                stopped = true
                onStop(error)
            }
        }
    }

    /// No more frames will come: the lane takes the one waiting, then ends its tracks.
    func close() { worker.close() }

    /// What the lane has done so far (read while it runs).
    func snapshot() -> LaneStatistics {
        var result = statistics.withLock { $0 }
        result.dropped = worker.droppedCount
        return result
    }

    /// Closes the lane's mailbox, waits for its thread to end (the detector and its C engines
    /// are released by then, on that thread) and returns what it did.
    func join() -> LaneStatistics {
        worker.join()
        var result = statistics.withLock { $0 }
        result.dropped = worker.droppedCount
        return result
    }
}
