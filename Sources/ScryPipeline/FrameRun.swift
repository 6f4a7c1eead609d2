import ScryCore
import ScryDumps

/// When a run stops on its own, besides its source's end.
public struct RunLimits: Sendable {
    /// Stop after this many frames.
    public var frames: Int?
    /// Stop after this many seconds of the run's wall-clock time.
    public var seconds: Double?

    public init(frames: Int? = nil, seconds: Double? = nil) {
        self.frames = frames
        self.seconds = seconds
    }
}

/// Why a run ended.
public enum RunEnd {
    /// The source had no more frames.
    case sourceEnded
    /// `RunLimits.frames` frames were taken.
    case frameLimit(Int)
    /// `RunLimits.seconds` went by.
    case timeLimit(Double)
    /// `stopRequest` answered (a signal's name).
    case stopped(String)
    /// stdout's reader has gone (`isOutputClosed` answered true, or a lane's write said so).
    case outputClosed
    /// The source failed (a camera disconnected, a damaged dump): every frame before is kept.
    case sourceFailed(any Error)
    /// The recording could not be written.
    case recordingFailed(any Error)
    /// A lane stopped the run.
    case laneFailed(LaneFailure)
}

/// What a run did.
public struct RunOutcome {
    public var end: RunEnd
    /// Frames taken from the source.
    public var frames = 0
    /// The first and last frame's capture timestamps (nanoseconds, the source's clock).
    public var firstTimestamp: UInt64?
    public var lastTimestamp: UInt64?
    /// What each lane did, in the pipeline's order.
    public var lanes: [LaneOutcome] = []
    /// Frames written to the recording, when there is one.
    public var recorded: Int?
    /// Compressed frames skipped because they could not be decoded.
    public var undecodable = 0
    /// How long each compressed frame took to decode.
    public var decoding = LatencyStatistics()

    /// Seconds from the first frame's timestamp to the last one's (0 when timestamps go back).
    public var elapsedSeconds: Double {
        guard let firstTimestamp, let lastTimestamp, lastTimestamp > firstTimestamp else { return 0 }
        return Double(lastTimestamp - firstTimestamp) / 1e9
    }
}

/// What one lane did in a run.
public struct LaneOutcome: Sendable {
    public var kind: LaneKind
    public var statistics: LaneStatistics

    public init(kind: LaneKind, statistics: LaneStatistics) {
        self.kind = kind
        self.statistics = statistics
    }

    /// The lane's name ("barcode").
    public var name: String { kind.name }
}

/// The one run loop of scry: takes frames from a source, records each one, hands it to the
/// pipeline, and stops at the source's end, a limit, a stop request (SIGINT, SIGTERM), a
/// closed stdout, or a failure of the source, the recording or a lane. The capture loop never
/// waits for a threaded lane.
public struct FrameRun {
    public var source: any FrameSource
    public var pipeline: DetectionPipeline
    public var recorder: FrameDumpWriter?
    public var limits: RunLimits
    /// Asked before each frame: a reason to stop (a signal's name), or nil.
    public var stopRequest: () -> String?
    /// Asked every 8 frames: whether stdout's reader has gone, so a run that writes nothing
    /// still ends when its reader does.
    public var isOutputClosed: () -> Bool
    /// Whether a sink error means stdout's reader has gone (a quiet end, not a failure).
    public var isClosedOutputError: (any Error) -> Bool

    public init(
        source: any FrameSource, pipeline: DetectionPipeline, recorder: FrameDumpWriter? = nil,
        limits: RunLimits = RunLimits(), stopRequest: @escaping () -> String? = { nil },
        isOutputClosed: @escaping () -> Bool = { false }, isClosedOutputError: @escaping (any Error) -> Bool = { _ in false }
    ) {
        self.source = source
        self.pipeline = pipeline
        self.recorder = recorder
        self.limits = limits
        self.stopRequest = stopRequest
        self.isOutputClosed = isOutputClosed
        self.isClosedOutputError = isClosedOutputError
    }

    /// Runs until one of the ends above; then stops the source, closes the recording, lets
    /// the lanes finish and returns what happened. Threaded lanes always write their closing
    /// lines (open tracks lost); lockstep ones unless a failure or a closed stdout ended the
    /// run (a replay stops at a damaged frame as it found it).
    public func run() -> RunOutcome {
        var outcome = RunOutcome(end: .sourceEnded)
        let started = ContinuousClock.now
        loop: while true {
            if let reason = stopRequest() { outcome.end = .stopped(reason); break }
            if let failure = pipeline.failure { outcome.end = end(for: failure); break }
            if outcome.frames % 8 == 0, isOutputClosed() { outcome.end = .outputClosed; break }
            if let frames = limits.frames, outcome.frames >= frames { outcome.end = .frameLimit(frames); break }
            if let seconds = limits.seconds, ContinuousClock.now - started >= .seconds(seconds) {
                outcome.end = .timeLimit(seconds)
                break
            }
            let reading: FrameSourceReading
            do { reading = try source.next() } catch {
                outcome.end = .sourceFailed(error)
                break
            }
            switch reading {
            case .end: break loop
            case .nothingYet: continue loop
            case .frame(let frame, let captured):
                outcome.frames += 1
                if outcome.firstTimestamp == nil { outcome.firstTimestamp = frame.timestampNanoseconds }
                outcome.lastTimestamp = frame.timestampNanoseconds
                if let recorder {
                    do { try recorder.write(frame) } catch {
                        outcome.end = .recordingFailed(error)
                        break loop
                    }
                }
                do { try pipeline.post(frame, captured: captured) } catch {
                    outcome.end = end(for: error)
                    break loop
                }
            }
        }
        source.stop()
        if let recorder {
            do { try recorder.close() } catch {
                if case .recordingFailed = outcome.end {} else if isClean(outcome.end) { outcome.end = .recordingFailed(error) }
            }
            outcome.recorded = recorder.frameCount
        }
        outcome.lanes = pipeline.finish(writingClosingLines: isClean(outcome.end))
        outcome.undecodable = pipeline.undecodableFrames
        outcome.decoding = pipeline.decoding
        // A lane that failed while the loop was ending (or while writing closing lines).
        if isClean(outcome.end), let failure = pipeline.failure { outcome.end = end(for: failure) }
        return outcome
    }

    private func end(for failure: LaneFailure) -> RunEnd {
        if case .sink(let error) = failure, isClosedOutputError(error) { return .outputClosed }
        return .laneFailed(failure)
    }

    /// Whether the run ended without a failure or a closed stdout.
    private func isClean(_ end: RunEnd) -> Bool {
        switch end {
        case .sourceEnded, .frameLimit, .timeLimit, .stopped: true
        case .outputClosed, .sourceFailed, .recordingFailed, .laneFailed: false
        }
    }
}
