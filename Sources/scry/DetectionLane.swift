import ArgumentParser
import Foundation
import ScryCore
import ScryNotebook
import ScryText
import ScryBarcode
import Synchronization

/// A frame waiting for a lane, with the instant it was captured (for latency).
struct LaneInput: Sendable {
    var frame: Frame
    var captured: ContinuousClock.Instant
}

/// `--orientation auto` in a lane: the orientation both lanes share, and for the one lane
/// that follows it, the follower (used on that lane's thread only).
struct LaneOrientation: Sendable {
    var shared: SharedOrientation
    var follower: ThreadOwned<OrientationFollower>?
}

/// Why a lane stopped before its mailbox closed.
enum LaneStop: Sendable {
    /// stdout was closed by its reader: end quietly.
    case outputClosed
    case failure(CommandFailure)
}

/// One detector (barcodes or text) on its own thread, fed through a one-slot mailbox: the
/// capture loop posts every frame and never waits; a frame the lane has not taken yet is
/// replaced by the next one and counted as dropped.
final class DetectionLane: Sendable {
    let name: String
    let mailbox = LatestValueMailbox<LaneInput>()
    private let statistics = Mutex(LaneStatistics())
    private let finished = DispatchSemaphore(value: 0)

    init(name: String) { self.name = name }

    /// Starts the lane's thread. `analyzer` moves to that thread and is used there only.
    /// `onStop` runs on the lane's thread if the lane has to stop early.
    /// Barcodes are written as track events (`tracking`).
    func start(
        analyzer: FrameAnalyzer, orientation: LaneOrientation? = nil, tracking: TrackingOptions, output: Output,
        onStop: @escaping @Sendable (LaneStop) -> Void
    ) {
        let owned = ThreadOwned(analyzer)
        let thread = Thread { [self] in
            run(
                analyzer: owned.value, orientation: orientation, detections: TrackedDetections(tracking),
                output: output, onStop: onStop)
            finished.signal()
        }
        thread.name = "scry-\(name)"
        thread.stackSize = 16 << 20  // tesseract recurses deeply on busy pages.
        thread.start()
    }

    private func run(
        analyzer: FrameAnalyzer, orientation: LaneOrientation?, detections: TrackedDetections, output: Output,
        onStop: @Sendable (LaneStop) -> Void
    ) {
        var detections = detections
        var stopped = false
        defer {
            // The tracks still open end with the stream.
            if !stopped { finish(&detections, output: output, onStop: onStop) }
        }
        while let input = mailbox.take() {
            // After a stop the lane keeps emptying its mailbox, so that the capture loop's
            // posts stay cheap until it notices.
            if stopped { continue }
            let gray: GrayImage
            do { gray = try GrayImage(frame: input.frame) } catch {
                stopped = true
                onStop(.failure(CommandFailure(
                    message: "frame \(input.frame.sequence): \(error)", status: ExitStatus.dataError)))
                continue
            }
            var turned: (orientation: ImageOrientation, estimate: OrientationEstimate)?
            if let orientation {
                if let follower = orientation.follower?.value, let change = follower.follow(gray) {
                    orientation.shared.current = change.orientation
                    turned = change
                }
                analyzer.orientation = orientation.shared.current
            }
            let analysis = analyzer.analyze(gray)
            do {
                if let turned {
                    try output.emit(
                        DetectionEvents.orientation(
                            frame: input.frame.sequence, orientation: turned.orientation, estimate: turned.estimate,
                            uprightSize: analysis.uprightSize))
                }
                try detections.emit(analysis, frame: input.frame, to: output)
            } catch {
                stopped = true
                onStop(Self.stop(for: error))
                continue
            }
            let latency = (ContinuousClock.now - input.captured).nanoseconds
            let processing = (analysis.barcodeNanoseconds ?? 0) + (analysis.textNanoseconds ?? 0)
            statistics.withLock {
                $0.record(
                    detections: analysis.barcodes.count + analysis.texts.count,
                    processingNanoseconds: processing, latencyNanoseconds: latency)
            }
        }
    }

    private func finish(_ detections: inout TrackedDetections, output: Output, onStop: @Sendable (LaneStop) -> Void) {
        do { try detections.finish(to: output) } catch { onStop(Self.stop(for: error)) }
    }

    /// Output.emit throws ExitCode.success when stdout's reader has gone, and a
    /// CommandFailure for any other write error; any other error is a failure too, never a
    /// quiet end.
    static func stop(for error: Error) -> LaneStop {
        if let failure = error as? CommandFailure { return .failure(failure) }
        if let code = error as? ExitCode, code == .success { return .outputClosed }
        return .failure(CommandFailure(message: "\(error)", status: ExitStatus.ioError))
    }

    /// Waits for the lane's thread to end (after its mailbox is closed) and returns what it did.
    func join() -> LaneStatistics {
        finished.wait()
        var result = statistics.withLock { $0 }
        result.dropped = mailbox.droppedCount
        return result
    }
}

/// A value handed from the thread that made it to the one thread that will use it.
struct ThreadOwned<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
