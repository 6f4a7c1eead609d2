import ScryCore
import Synchronization

/// A run's detectors and how frames reach them.
///
/// - `threaded` (live capture, a paced replay): each detector is a lane on its own thread
///   behind a one-slot mailbox; `post` hands the frame to every lane and returns at once, and
///   a busy lane drops frames (counted). The output depends on timing.
/// - `lockstep` (a replay in order, image files): `post` runs every detector on the frame, in
///   the order given, on the calling thread, and writes its lines before it returns. Nothing
///   is dropped and the output is the same on every run.
public final class DetectionPipeline {
    public enum Mode: Sendable { case threaded, lockstep }

    public let mode: Mode
    /// The lanes, in the order given.
    public let lanes: [LaneKind]
    private let sink: any EventSink
    private let annotator: AnnotationWriter?
    private let observer: (any RunObserver)?
    /// What a frame goes through, detector by detector (lockstep).
    private let step: FrameStep
    private let orientation: SharedOrientation
    private let threads: [DetectionLane]
    private let detectors: [any Detector]
    /// Every detector, lanes' included, for `prepare`.
    private let preparing: [any Detector]
    private let follower: (any OrientationFollowing)?
    private let stop = FirstFailure()
    private var lockstepStatistics: [LaneStatistics]
    private var hasSeenAFrame = false

    /// Called once, with the first frame and the size it has upright, before any line about
    /// it is written (a replay writes its session line there).
    public var beforeFirstFrame: ((Frame, ImageSize) throws -> Void)?

    /// Lockstep only: called for every frame with its stored gray image, before detection.
    /// Returns the orientation to turn this frame upright by, or nil for the stream's (an
    /// image file's EXIF orientation, an option); may write lines (an image's "image" line).
    public var prepareFrame: ((Frame, GrayImage) throws -> ImageOrientation?)?

    /// Decodes compressed frames (MJPG) once, before any detector sees them; without one they
    /// reach the detectors as they are (and stop the run as unreadable).
    public var decoder: (any FrameDecoding)?

    /// Called with a compressed frame that could not be decoded, and why; the frame is
    /// skipped and the run goes on.
    public var onUndecodableFrame: ((Frame, any Error) -> Void)?

    /// Compressed frames skipped because they could not be decoded.
    public private(set) var undecodableFrames = 0
    /// How long each compressed frame took to decode.
    public private(set) var decoding = LatencyStatistics()

    /// Lockstep only: where each frame came from, as its lines name it (image files by name).
    public var origin: (Frame) -> FrameOrigin = { .streamFrame(stream: nil, sequence: $0.sequence) }

    /// Sets up the detectors (in threaded mode, starts their lanes). Every detector's lines go
    /// to `sink`, with `annotator` its detections are drawn on pictures of the frames, and with
    /// `observer` (threaded runs) the frames, detections and lines are shown as they come.
    /// `warn` (threaded runs) is told, from a lane's thread, when a lane falls behind its budget
    /// or its detector runs short (`LaneBudgetWatch`), once for each thing a run.
    public init(
        detectors: [any Detector], orientation: StreamOrientation, mode: Mode, sink: any EventSink,
        annotator: AnnotationWriter? = nil, observer: (any RunObserver)? = nil,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.mode = mode
        self.sink = sink
        self.annotator = annotator
        self.observer = observer
        step = FrameStep(sink: sink, annotator: annotator, observer: observer)
        lanes = detectors.map(\.kind)
        preparing = detectors
        let follower: (any OrientationFollowing)?
        switch orientation {
        case .fixed(let fixed):
            self.orientation = SharedOrientation(fixed)
            follower = nil
        case .followed(let chosen):
            self.orientation = SharedOrientation(.up)
            follower = chosen
        }
        lockstepStatistics = Array(repeating: LaneStatistics(), count: detectors.count)
        switch mode {
        case .lockstep:
            self.detectors = detectors
            annotator?.lanesPerFrame = detectors.count
            self.follower = follower
            threads = []
        case .threaded:
            self.detectors = []
            self.follower = nil
            let stop = self.stop
            let onStop: @Sendable (LaneFailure) -> Void = { failure in stop.record(failure) }
            let shared = self.orientation
            let backlog = ReadingBacklog()
            threads = detectors.enumerated().map { index, detector in
                DetectionLane(
                    detector: detector, orientation: shared, follower: index == detectors.count - 1 ? follower : nil,
                    sink: sink, annotator: annotator, observer: observer, sharing: detectors.count > 1, backlog: backlog,
                    warn: warn, onStop: onStop)
            }
        }
    }

    /// Readies every detector for a stream of frames stored `size` (`Detector.prepare`), on
    /// the calling thread, before the first frame is posted: a stream whose size is known
    /// before its first frame (a camera's format, a recording's first frame before it is
    /// paced) pays for its models' first runs before capture, not in its first frames.
    public func prepare(forStoredFrameSize size: ImageSize) {
        precondition(!hasSeenAFrame, "detectors are prepared before the first frame")
        let upright = orientation.current.uprightSize(of: size)
        for detector in preparing { detector.prepare(forUprightFrameSize: upright) }
    }

    /// Each lane's statistics while the run goes on (threaded; no lanes in lockstep).
    public var monitor: LaneMonitor { LaneMonitor(lanes: threads) }

    /// Why a lane stopped the run (a frame it could not read, the sink's error), or nil.
    public var failure: LaneFailure? { stop.value }

    /// The orientation frames are turned upright from now.
    public var currentOrientation: ImageOrientation { orientation.current }

    /// Hands `frame` to the detectors: threaded, returns at once; lockstep, after every
    /// detector has looked at it and its lines are written. Throws (lockstep only) the failure
    /// that stops the run.
    public func post(_ frame: Frame, captured: ContinuousClock.Instant) throws(LaneFailure) {
        // `frame` as the source gave it (a first frame is reported so), `decoded` as detectors read it.
        var decoded = frame
        if frame.pixelFormat.isCompressed, let decoder {
            let start = ContinuousClock.now
            defer { decoding.record(nanoseconds: (ContinuousClock.now - start).nanoseconds) }
            do { decoded = try decoder.decoded(frame) } catch {
                undecodableFrames += 1
                onUndecodableFrame?(frame, error)
                return
            }
        }
        switch mode {
        case .threaded:
            if !hasSeenAFrame {
                hasSeenAFrame = true
                let size = orientation.current.uprightSize(of: ImageSize(width: decoded.width, height: decoded.height))
                do { try beforeFirstFrame?(frame, size) } catch { throw .sink(error) }
            }
            let input = LaneInput(frame: decoded, captured: captured)
            for lane in threads { lane.post(input) }
            observer?.saw(decoded, orientation: orientation.current, captured: captured)
        case .lockstep:
            try process(decoded, as: frame, captured: captured)
        }
    }

    /// Runs the detectors on `frame`; `given` is the frame as the source gave it (compressed,
    /// for a decoded frame), which a first frame is reported as.
    private func process(_ frame: Frame, as given: Frame, captured: ContinuousClock.Instant) throws(LaneFailure) {
        let stored = try FrameStep.storedGray(frame)
        let turned = FrameStep.follow(stored, of: frame, with: follower, orientation: orientation)
        do {
            if !hasSeenAFrame {
                hasSeenAFrame = true
                try beforeFirstFrame?(given, orientation.current.uprightSize(of: stored.size))
            }
            if let turned { try sink.write(turned) }
        } catch { throw .sink(error) }
        var frameOrientation: ImageOrientation?
        do { frameOrientation = try prepareFrame?(frame, stored) } catch { throw .sink(error) }
        let turn = frameOrientation ?? orientation.current
        let input = DetectorInput(
            frame: frame, upright: stored.turnedUpright(from: turn), orientation: turn, origin: origin(frame),
            wantsAnnotations: annotator != nil)
        for (index, detector) in detectors.enumerated() {
            lockstepStatistics[index].record(try step.detect(with: detector, input, captured: captured))
        }
    }

    /// Waits for the pictures still being written; a failure among them stops the run.
    private func finishPictures() {
        do throws(AnnotationError) { try annotator?.finish() } catch { stop.record(.annotation(error)) }
    }

    /// Whether a frame has been posted.
    public var sawAFrame: Bool { hasSeenAFrame }

    /// Ends the run: threaded, closes the mailboxes and lets each lane finish the frame it
    /// holds and the one waiting; then each detector writes its closing lines (open tracks
    /// lost). Returns what each lane did, in the order given. After a failure, lockstep
    /// detectors write nothing more.
    public func finish(writingClosingLines: Bool = true) -> [LaneOutcome] {
        switch mode {
        case .threaded:
            for lane in threads { lane.close() }
            let statistics = threads.map { LaneOutcome(kind: $0.kind, statistics: $0.join()) }
            finishPictures()
            return statistics
        case .lockstep:
            if writingClosingLines {
                do throws(LaneFailure) { for detector in detectors { try step.finish(detector) } } catch { stop.record(error) }
            }
            finishPictures()
            return zip(lanes, lockstepStatistics).map { LaneOutcome(kind: $0, statistics: $1) }
        }
    }
}

/// The first failure any lane reported; later ones are ignored.
private final class FirstFailure: Sendable {
    private let first = Mutex<LaneFailure?>(nil)
    func record(_ failure: LaneFailure) { first.withLock { current in if current == nil { current = failure } } }
    var value: LaneFailure? { first.withLock { $0 } }
}
