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

/// One detector on its own thread, fed through a one-slot mailbox: the capture loop posts
/// every frame and never waits; a frame the lane has not taken yet is replaced by the next one
/// and counted as dropped.
final class DetectionLane: Sendable {
    let kind: LaneKind
    let mailbox = LatestValueMailbox<LaneInput>()
    private let statistics = Mutex(LaneStatistics())
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the lane's thread. `detector` (and `follower`) move to that thread and are used
    /// there only. `onStop` runs on the lane's thread if the lane has to stop early.
    init(
        detector: any Detector, orientation: SharedOrientation, follower: (any OrientationFollowing)?,
        sink: any EventSink, annotator: AnnotationWriter?, onStop: @escaping @Sendable (LaneFailure) -> Void
    ) {
        kind = detector.kind
        let owned = ThreadOwned((detector, follower))
        let thread = Thread { [self] in
            do {
                let (detector, follower) = owned.take()
                run(
                    detector: detector, orientation: orientation, follower: follower, sink: sink,
                    annotator: annotator, onStop: onStop)
            }
            // The detector is released by now, on its own thread: `join` returns only after
            // its C engines (and any threads of theirs) are gone, so none outlives the run.
            finished.signal()
        }
        thread.name = "scry-\(kind.name)"
        thread.stackSize = 16 << 20  // tesseract recurses deeply on busy pages.
        thread.start()
    }

    private func run(
        detector: any Detector, orientation: SharedOrientation, follower: (any OrientationFollowing)?,
        sink: any EventSink, annotator: AnnotationWriter?, onStop: @Sendable (LaneFailure) -> Void
    ) {
        let step = FrameStep(sink: sink, annotator: annotator)
        var stopped = false
        defer {
            // The tracks still open end with the stream.
            if !stopped {
                do throws(LaneFailure) { try step.finish(detector) } catch { onStop(error) }
            }
        }
        while let input = mailbox.take() {
            // After a stop the lane keeps emptying its mailbox, so that the capture loop's
            // posts stay cheap until it notices.
            if stopped { continue }
            do throws(LaneFailure) {
                let stored = try FrameStep.storedGray(input.frame)
                let turned = FrameStep.follow(stored, of: input.frame, with: follower, orientation: orientation)
                let turn = orientation.current
                let detectorInput = DetectorInput(
                    frame: input.frame, upright: stored.turnedUpright(from: turn), orientation: turn,
                    wantsAnnotations: annotator != nil)
                let measure = try step.detect(
                    with: detector, detectorInput, writingFirst: turned.map { [$0] } ?? [], captured: input.captured)
                statistics.withLock { $0.record(measure) }
            } catch {
                stopped = true
                onStop(error)
            }
        }
    }

    /// Waits for the lane's thread to end (after its mailbox is closed) and returns what it did.
    func join() -> LaneStatistics {
        finished.wait()
        var result = statistics.withLock { $0 }
        result.dropped = mailbox.droppedCount
        return result
    }
}
