import ScryCore

/// The steps a frame takes to reach a detector and come out as lines, the same in both of a
/// pipeline's modes: a threaded lane runs them on its own thread for its one detector, the
/// lockstep pipeline on the caller's thread for each detector in turn.
///
/// 1. `storedGray`: the frame's pixels as gray, as stored.
/// 2. `follow`: with `--orientation auto`, the follower's estimate may turn the stream (an
///    orientation line says so).
/// 3. `detect`: the detector looks at the frame turned upright; its lines are written, its
///    detections handed to the picture writer, and what it took is measured.
struct FrameStep {
    let sink: any EventSink
    let annotator: AnnotationWriter?
    /// Watches the run beside the sink (the live view), when there is one.
    var observer: (any RunObserver)? = nil

    /// What one detector's look at one frame took, for the lane's statistics.
    struct Measure {
        var detections: Int
        /// Time inside the detector.
        var processingNanoseconds: UInt64
        /// From the frame's capture to its lines written and its picture handed on.
        var latencyNanoseconds: UInt64
        /// When the lines were written and the picture handed on.
        var done: ContinuousClock.Instant
        /// What the detector could not do on the frame for want of time.
        var shortfalls: [LaneShortfall]
        /// Lines of text found and not read yet (`DetectorOutput.linesWaitingToBeRead`).
        var linesWaitingToBeRead: Int?
    }

    /// The frame's gray image as stored; a frame whose payload does not fit its format stops
    /// the run.
    static func storedGray(_ frame: Frame) throws(LaneFailure) -> GrayImage {
        do { return try GrayImage(frame: frame) } catch {
            throw .unreadableFrame(sequence: frame.sequence, reason: "\(error)")
        }
    }

    /// Asks `follower` (when there is one) how the stream is turned now; when the answer
    /// changes `orientation`, sets it and returns the line that says so.
    static func follow(
        _ stored: GrayImage, of frame: Frame, with follower: (any OrientationFollowing)?, orientation: SharedOrientation
    ) -> OrientationLine? {
        guard let follower, let change = follower.follow(stored) else { return nil }
        orientation.current = change.orientation
        return OrientationLine(
            frame: frame.sequence, orientation: change.orientation, estimate: change.estimate,
            uprightSize: change.orientation.uprightSize(of: stored.size))
    }

    /// Runs `detector` on `input`, writes `before` (an orientation line) and then its lines,
    /// and hands its detections to the picture writer.
    func detect(
        with detector: any Detector, _ input: DetectorInput, writingFirst before: [any OutputLine] = [],
        captured: ContinuousClock.Instant
    ) throws(LaneFailure) -> Measure {
        let start = ContinuousClock.now
        let output: DetectorOutput
        do { output = try detector.detect(input) } catch { throw .detector(name: detector.name, error) }
        let processing = (ContinuousClock.now - start).nanoseconds
        do {
            for line in before + output.events {
                try sink.write(line)
                observer?.wrote(line)
            }
        } catch { throw .sink(error) }
        observer?.lane(detector.kind, read: input.frame.sequence, uprightSize: input.upright.size, annotations: output.annotations)
        do {
            try annotator?.add(
                frame: input.frame, origin: input.origin, upright: input.upright, lane: detector.name,
                annotations: output.annotations)
        } catch { throw .annotation(error) }
        let done = ContinuousClock.now
        return Measure(
            detections: output.detections, processingNanoseconds: processing,
            latencyNanoseconds: (done - captured).nanoseconds, done: done, shortfalls: output.shortfalls,
            linesWaitingToBeRead: output.linesWaitingToBeRead)
    }

    /// The detector's closing lines (its tracks still open, lost), written once after the last
    /// frame.
    func finish(_ detector: any Detector) throws(LaneFailure) {
        do {
            for line in detector.finish() {
                try sink.write(line)
                observer?.wrote(line)
            }
        } catch { throw .sink(error) }
    }
}

extension LaneStatistics {
    mutating func record(_ measure: FrameStep.Measure) {
        record(
            detections: measure.detections, processingNanoseconds: measure.processingNanoseconds,
            latencyNanoseconds: measure.latencyNanoseconds)
    }
}
