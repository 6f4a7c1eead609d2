import ArgumentParser
import Glibc
import ScryCore
import ScryNotebook
import ScryText
import ScryBarcode
import SystemPackage

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run the detectors on every frame of a frame dump, in order.",
        discussion: """
            The output is deterministic: the same dump gives byte-identical lines (without \
            --stats, whose timings vary). A truncated dump is replayed up to its last complete \
            frame, then reported on stderr with exit status 3; a corrupt one stops with status 65. \
            With --realtime the frames are played at their recorded pace through the same \
            detector lanes as scry live, so a busy lane drops frames as it would live (the \
            output then depends on timing); a recorded gap over 2 s is played as 2 s.
            """)

    @Argument(help: "The frame dump (.scrydump).")
    var file: String

    @Flag(help: "Pace frames by their recorded timestamps and run the lanes as live capture does, dropping frames a busy lane cannot take.")
    var realtime = false

    @OptionGroup var detection: DetectionOptions

    @OptionGroup(title: "Tracks") var tracking: TrackingOptions

    func run() throws {
        if realtime { return try runPaced() }
        let output = Output()
        let reader = try openDump(file)
        let analyzer = try detection.makeAnalyzer()
        let follower = try detection.makeOrientationFollower()
        var statistics = RunStatistics()
        var detections = TrackedDetections(tracking)
        var sessionWritten = false
        while let frame = try nextFrame(reader, file) {
            let gray: GrayImage
            do { gray = try GrayImage(frame: frame) } catch {
                throw CommandFailure(
                    message: "\(file): frame \(frame.sequence): \(error)", status: ExitStatus.dataError)
            }
            let turned = follower?.follow(gray)
            if let turned { analyzer.orientation = turned.orientation }
            if !sessionWritten {
                try output.emit(session(first: frame, upright: analyzer.orientation.uprightSize(of: gray.size)))
                sessionWritten = true
            }
            if let turned {
                try output.emit(
                    DetectionEvents.orientation(
                        frame: frame.sequence, orientation: turned.orientation, estimate: turned.estimate,
                        uprightSize: turned.orientation.uprightSize(of: gray.size)))
            }
            let analysis = analyzer.analyze(gray)
            statistics.add(analysis)
            try detections.emit(analysis, frame: frame, to: output)
        }
        try detections.finish(to: output)
        if !sessionWritten { try output.emit(session(first: nil, upright: nil)) }
        if detection.stats { try output.emit(DetectionEvents.stats(statistics.json)) }
        printError("replayed \(file): " + statistics.summary)
        if let truncation = reader.truncation {
            printError("\(file): \(truncation)")
            throw ExitCode(ExitStatus.truncatedDump)
        }
    }

    /// The frames at their recorded pace (frame i is posted at start + its timestamp minus the
    /// first one's), through the detector lanes of a live run.
    private func runPaced() throws {
        let output = Output()
        let reader = try openDump(file)
        let pipeline = try DetectionPipeline(options: detection, tracking: tracking, output: output)
        StopSignal.install()
        var statistics = StreamStatistics(mode: "realtime")
        var failure: Error?
        var start: (instant: ContinuousClock.Instant, timestamp: UInt64)?
        var lastTimestamp: UInt64 = 0
        var previousDue = ContinuousClock.now
        var previousTimestamp: UInt64 = 0
        var longGaps = 0
        do {
            while StopSignal.received == nil, pipeline.stopRequest == nil,
                let frame = try nextFrame(reader, file)
            {
                let due: ContinuousClock.Instant
                if start != nil {
                    // Each frame is due its recorded gap after the one before. Timestamps that
                    // go backwards are played at once; a gap longer than a camera leaves
                    // between two frames is played as that longest gap, and said on stderr.
                    var gap = frame.timestampNanoseconds > previousTimestamp
                        ? frame.timestampNanoseconds - previousTimestamp : 0
                    if gap > Self.longestGapNanoseconds {
                        if longGaps == 0 {
                            printError(
                                "\(file): frame \(frame.sequence) comes \(LaneStatistics.format(Double(gap) / 1e9)) s "
                                    + "after the one before; gaps over \(Self.longestGapSeconds) s are played as \(Self.longestGapSeconds) s")
                        }
                        longGaps += 1
                        gap = Self.longestGapNanoseconds
                    }
                    due = previousDue + .nanoseconds(Int64(gap))
                } else {
                    try output.emit(
                        session(
                            first: frame,
                            upright: detection.resolvedOrientation.uprightSize(
                                of: ImageSize(width: frame.width, height: frame.height))))
                    start = (ContinuousClock.now, frame.timestampNanoseconds)
                    due = start!.instant
                }
                previousDue = due
                previousTimestamp = frame.timestampNanoseconds
                sleep(until: due)
                if statistics.captured % 8 == 0, output.readerHasGone { throw ExitCode.success }
                statistics.captured += 1
                lastTimestamp = max(lastTimestamp, frame.timestampNanoseconds)
                pipeline.post(frame, captured: due)
            }
        } catch {
            failure = error
        }
        let lanes = pipeline.finish()
        statistics.barcode = lanes.barcode
        statistics.text = lanes.text
        if let start { statistics.elapsedSeconds = Double(lastTimestamp &- start.timestamp) / 1e9 }
        switch pipeline.stopRequest {
        case .outputClosed?: throw ExitCode.success
        case .failure(let laneFailure)?: failure = failure ?? laneFailure
        case nil: break
        }
        if let failure { throw failure }
        if start == nil { try output.emit(session(first: nil, upright: nil)) }
        if detection.stats { try output.emit(DetectionEvents.stats(statistics.json)) }
        let stopped = StopSignal.received.map { " (stopped by \(StopSignal.name($0)))" } ?? ""
        var summary = "replayed \(file) in real time\(stopped): " + statistics.summary
        if longGaps > 0 { summary += "; gaps over \(Self.longestGapSeconds) s played as \(Self.longestGapSeconds) s: \(longGaps)" }
        printError(summary)
        if let truncation = reader.truncation {
            printError("\(file): \(truncation)")
            throw ExitCode(ExitStatus.truncatedDump)
        }
    }

    /// The longest wait `--realtime` makes between two frames: V4L2 cameras' slowest frame
    /// intervals are a second or two, so a longer gap in a recording is a pause (or a damaged
    /// timestamp), not a frame interval to wait out.
    static let longestGapSeconds: UInt64 = 2
    static let longestGapNanoseconds = longestGapSeconds * 1_000_000_000

    private func session(first frame: Frame?, upright: ImageSize?) -> JSONValue {
        var members = detection.sessionMembers
        members["source"] = .string("replay")
        if realtime { members["realtime"] = .bool(true) }
        members["file"] = .string(file.escapedForDisplay)
        if let frame, let upright {
            members["pixel_format"] = .string(frame.pixelFormat.fourcc)
            members["frame_width"] = .int(frame.width)
            members["frame_height"] = .int(frame.height)
            members["width"] = .int(upright.width)
            members["height"] = .int(upright.height)
        }
        return DetectionEvents.session(members)
    }
}

/// Opens a dump, turning failures into the documented statuses.
func openDump(_ file: String) throws -> FrameDumpReader {
    do { return try FrameDumpReader(path: FilePath(argument: file)) } catch {
        if case .io = error {
            throw CommandFailure(message: "\(file): \(error)", status: ExitStatus.noInput)
        }
        throw CommandFailure(message: "\(file): \(error)", status: ExitStatus.dataError)
    }
}

/// The next frame of a dump, turning failures into the documented statuses.
func nextFrame(_ reader: FrameDumpReader, _ file: String) throws -> Frame? {
    do { return try reader.next() } catch {
        let status = if case .io = error { ExitStatus.ioError } else { ExitStatus.dataError }
        throw CommandFailure(message: "\(file): \(error)", status: status)
    }
}

/// Blocks the calling thread until `instant` (returns early if a signal arrives).
func sleep(until instant: ContinuousClock.Instant) {
    let remaining = instant - ContinuousClock.now
    guard remaining > .zero else { return }
    let (seconds, attoseconds) = remaining.components
    var interval = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    nanosleep(&interval, nil)
}
