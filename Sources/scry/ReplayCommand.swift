import ArgumentParser
import Glibc
import ScryCore
import ScryDumps
import ScryMotion
import ScryPipeline
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
            output then depends on timing); a recorded gap over 2 s is played as 2 s. Each \
            frame is read from the dump shortly before it is due (a third of the last gap, at \
            least 5 ms), as a camera makes its frame, not while the lanes work on the one before.

            Examples:
              What the recording shows, once per code or line:
                scry replay --plain desk.scrydump
              Text read, and a stats line at the end:
                scry replay --recognize --stats desk.scrydump
              At the recorded pace, through the live lanes:
                scry replay --realtime desk.scrydump
            """)

    @Argument(help: "The frame dump (.scrydump).")
    var file: String

    @Flag(help: "Pace frames by their recorded timestamps and run the lanes as live capture does, dropping frames a busy lane cannot take.")
    var realtime = false

    @OptionGroup var detection: DetectionOptions

    @OptionGroup(title: "Tracks") var tracking: TrackingOptions

    @OptionGroup(title: "Live view") var viewOptions: ViewOptions

    func validate() throws {
        if viewOptions.view != nil, !realtime { throw ValidationError("--view needs --realtime (a replay in order is not live)") }
    }

    func run() throws {
        let output = Output(plain: detection.plain)
        let reader = try openDump(file)
        // With the view, a box dragged on the page is followed by the object lane.
        let following = viewOptions.view != nil ? ObjectRequests() : nil
        let detectors = try detection.makeDetectors(video: realtime, tracking: tracking.policy, following: following)
        let orientation = try detection.makeStreamOrientation()
        let view = try viewOptions.startView(lanes: detectors.map(\.kind), following: following)
        let (source, progress, longGaps) = frameSource(reader)
        let pipeline = DetectionPipeline(
            detectors: detectors, orientation: orientation, mode: realtime ? .threaded : .lockstep, sink: output,
            annotator: try detection.makeAnnotator(maximumPerSecond: realtime ? 2 : nil), observer: view,
            warn: { if !output.readerHasGone { printError($0) } })
        // Paced, the detectors are readied for the first frame's size before the pace starts.
        longGaps?.beforeStart = { frame in pipeline.prepare(forStoredFrameSize: ImageSize(width: frame.width, height: frame.height)) }
        view?.watch(pipeline.monitor)
        if let view {
            // A recording plays once: it starts when a browser is watching (or after a minute).
            printError("view: the replay starts when the page is open (at most \(Self.browserWaitSeconds) s from now)")
            _ = view.waitForBrowser(timeout: .seconds(Self.browserWaitSeconds), stop: { StopSignal.receivedName() != nil })
        }
        try CompressedFrames.install(on: pipeline, keepingColour: detection.lookForFaces, source: file.escapedForDisplay)
        let command = self
        pipeline.beforeFirstFrame = { frame, upright in
            try output.emit(command.session(first: frame, upright: upright, detectors: detectors))
        }
        var run = FrameRun(source: source, pipeline: pipeline, isClosedOutputError: Output.isClosedOutput)
        if realtime {
            run.stopRequest = StopSignal.receivedName
            run.isOutputClosed = { output.readerHasGone }
        }
        let outcome = run.run()
        let viewReport = view?.finish()
        progress?.finish()
        var stopped = ""
        switch outcome.end {
        case .outputClosed: throw OutputClosed()
        case .sourceEnded, .frameLimit, .timeLimit: break
        case .stopped(let signal): stopped = " (stopped by \(signal))"
        case .sourceFailed(let error): throw CommandFailure(message: "\(file): \(error)", status: documentedStatus(of: error))
        case .recordingFailed(let error): throw CommandFailure(message: "\(error)", status: ExitStatus.ioError)
        case .laneFailed(let failure): throw CommandFailure(failure, file: file)
        }
        if !pipeline.sawAFrame { try output.emit(session(first: nil, upright: nil, detectors: detectors)) }
        let report = RunReport(outcome, mode: realtime ? "realtime" : nil)
        if detection.stats { try output.emit(report.statsLine) }
        var summary = "replayed \(file)\(realtime ? " in real time" : "")\(stopped): " + report.summary
        if let longGaps = longGaps?.pacing.longGaps, longGaps > 0 {
            summary += "; gaps over \(Self.longestGapSeconds) s played as \(Self.longestGapSeconds) s: \(longGaps)"
        }
        printError(summary)
        if let viewReport { printError(viewReport.summary) }
        if let truncation = reader.truncation {
            printError("\(file): \(truncation)")
            throw ExitCode(ExitStatus.truncatedDump)
        }
    }

    /// The dump's frames as the run takes them: at their recorded pace with `--realtime`
    /// (and the paced source, which counts long gaps), else in order with a progress line on a
    /// terminal (by bytes read: a dump can take minutes).
    private func frameSource(_ reader: FrameDumpReader) -> (any FrameSource, ProgressLine?, PacedFrameSource?) {
        let dump = DumpFrameSource(reader)
        if realtime {
            StopSignal.install()
            let paced = PacedFrameSource(dump, onFirstLongGap: { [file] sequence, gap in
                printError(
                    "\(file): frame \(sequence) comes \(LaneStatistics.format(Double(gap) / 1e9)) s after the one before; "
                        + "gaps over \(Self.longestGapSeconds) s are played as \(Self.longestGapSeconds) s")
            })
            return (paced, nil, paced)
        }
        let progress = ProgressLine(unit: "frames")
        var frames = 0
        let dumpBytes = Self.size(of: file)
        let counted = ProgressingFrameSource(dump) { reading in
            guard let progress else { return }
            if case .frame = reading { frames += 1 }
            let fraction = dumpBytes.map { Double(reader.bytesRead) / Double(max(1, $0)) } ?? 0
            progress.update(done: frames, total: nil, fraction: fraction)
        }
        return (counted, progress, nil)
    }

    /// The size of the regular file at `path` in bytes, else nil.
    private static func size(of path: String) -> Int64? {
        var status = stat()
        guard FilePath(argument: path).withPlatformString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        return Int64(status.st_size)
    }

    /// How long `--view` waits for a browser before the replay starts anyway, in seconds.
    static let browserWaitSeconds = 60

    /// The longest wait `--realtime` makes between two frames (`FramePacing`), in seconds.
    static let longestGapSeconds = FramePacing.defaultLongestGapNanoseconds / 1_000_000_000

    private func session(first frame: Frame?, upright: ImageSize?, detectors: [any Detector]) -> SessionLine {
        var line = detection.sessionLine(.replay, detectors: detectors)
        line.realtime = realtime
        line.file = file.escapedForDisplay
        if let frame, let upright {
            line.pixelFormat = frame.pixelFormat.fourcc
            line.frameSize = ImageSize(width: frame.width, height: frame.height)
            line.uprightSize = upright
        }
        return line
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
    do { return try reader.next() } catch { throw CommandFailure(error, about: file) }
}
