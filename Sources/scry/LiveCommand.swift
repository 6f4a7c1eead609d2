import ArgumentParser
import ScryCapture
import ScryCore
import ScryDumps
import ScryMotion
import ScryPipeline
import SystemPackage

struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Capture from a V4L2 camera at 1280x720 and stream detections as JSON lines.",
        discussion: """
            The camera is set to exactly 1280x720 at --fps (default 30), in the first of \
            YUYV, GREY and YU12 (gray is the Y plane) and MJPEG (the camera's JPEGs, decoded \
            by scry and recorded as they came) that reaches that rate, else the fastest; \
            other formats go through libv4lconvert's YU12. One thread captures; each \
            detector runs on its own thread behind a one-slot mailbox, so a busy detector \
            drops frames (counted in the statistics) and never slows capture. Runs until \
            Ctrl-C, SIGTERM, --frames or --duration. Exit status 4: the camera was \
            disconnected (the recording keeps every complete frame); 75: the camera is busy; \
            69: it cannot capture 1280x720 (or not in the --format asked for).

            Examples:
              Codes and text as they come into view, until Ctrl-C:
                scry live --plain
              Ten seconds from /dev/video2, kept:
                scry live -d 2 --record desk.scrydump --duration 10
              Faces too, with pictures of what was seen:
                scry live --faces --annotate /tmp/seen
            """)

    @Option(name: [.customShort("d"), .long], help: "The camera: a device path, or N for /dev/videoN (default: the first capture device).")
    var device: String?

    @Option(help: "Stop after capturing this many frames.")
    var frames: Int?

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Option(help: "Write every captured frame, as captured, to this frame dump.")
    var record: String?

    @OptionGroup(title: "Camera") var capture: CaptureOptions

    @OptionGroup var detection: DetectionOptions

    @OptionGroup(title: "Tracks") var tracking: TrackingOptions

    @OptionGroup(title: "Live view") var viewOptions: ViewOptions

    static let captureSize = ImageSize(width: 1280, height: 720)

    func validate() throws {
        try requireUTF8(device, option: "--device")
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        // Bounded so that a duration of 1e300 s cannot overflow the clock arithmetic.
        if let duration, !(duration > 0 && duration <= 1e9) {
            throw ValidationError("--duration must be a number of seconds above 0 and at most 1e9")
        }
    }

    func run() throws {
        let output = Output(plain: detection.plain)
        let path = try resolveDevice()
        // Detectors first: a missing component fails before the camera turns on.
        // With the view, a box dragged on the page is followed by the object lane.
        let following = viewOptions.view != nil ? ObjectRequests() : nil
        let detectors = try detection.makeDetectors(video: true, tracking: tracking.policy, following: following)
        let orientation = try detection.makeStreamOrientation()
        let annotator = try detection.makeAnnotator(maximumPerSecond: 2)
        let camera = try capture.openCamera(path)
        defer { camera.stop() }
        let view = try viewOptions.startView(lanes: detectors.map(\.kind), following: following)
        // A camera's JPEGs are recorded as they came, in a version 2 dump.
        let recorder = try record.map { try openRecording($0, compressed: camera.configuration.pixelFormat.isCompressed) }
        try output.emit(session(camera.configuration, detectors: detectors))
        StopSignal.install()
        let pipeline = DetectionPipeline(
            detectors: detectors, orientation: orientation, mode: .threaded, sink: output,
            annotator: annotator, observer: view, warn: { if !output.readerHasGone { printError($0) } })
        view?.watch(pipeline.monitor)
        try CompressedFrames.install(on: pipeline, keepingColour: detection.lookForFaces, source: path)
        pipeline.prepare(forStoredFrameSize: camera.configuration.size)
        let outcome = FrameRun(
            source: CameraFrameSource(camera), pipeline: pipeline, recorder: recorder,
            limits: RunLimits(frames: frames, seconds: duration), stopRequest: StopSignal.receivedName,
            isOutputClosed: { output.readerHasGone }, isClosedOutputError: Output.isClosedOutput
        ).run()
        let viewReport = view?.finish()
        let report = RunReport(outcome, mode: "live")
        var failure: CommandFailure?
        var disconnected = false
        var stopReason = "stopped"
        switch outcome.end {
        case .outputClosed: throw OutputClosed()
        case .sourceEnded: break
        case .frameLimit(let count): stopReason = "captured \(count) frames"
        case .timeLimit(let seconds): stopReason = "ran \(seconds) s"
        case .stopped(let signal): stopReason = "stopped by \(signal)"
        case .sourceFailed(let error):
            let status = documentedStatus(of: error)
            if case .disconnected? = error as? CaptureError { disconnected = true }
            failure = CommandFailure(message: "\(error) after \(outcome.frames) frames", status: status)
        case .recordingFailed(let error):
            failure = CommandFailure(message: "\(record ?? ""): \(error)", status: ExitStatus.ioError)
        case .laneFailed(let laneFailure):
            failure = CommandFailure(laneFailure)
        }
        if detection.stats { try output.emit(report.statsLine) }
        var summary = "live \(path): \(failure == nil ? stopReason : "stopped"): " + report.summary
        if let record, let recorded = outcome.recorded { summary += "; recorded \(recorded) frames to \(record)" }
        printError(summary)
        if let viewReport { printError(viewReport.summary) }
        if let failure {
            if disconnected, let record { printError("\(record): closed with every complete frame") }
            throw failure
        }
    }

    private func resolveDevice() throws -> String {
        if let device { return CaptureDevices.path(for: device) }
        guard let found = CaptureDevices.firstCaptureDevice() else {
            throw CommandFailure(
                message: "no camera found: no /dev/video* node captures video (see 'scry devices')",
                status: ExitStatus.noInput)
        }
        return found
    }

    private func openRecording(_ file: String, compressed: Bool) throws -> FrameDumpWriter {
        do { return try FrameDumpWriter(path: FilePath(argument: file), compressed: compressed) } catch {
            throw CommandFailure(message: "\(file): \(error)", status: ExitStatus.cannotCreate)
        }
    }

    private func session(_ configuration: StreamConfiguration, detectors: [any Detector]) -> SessionLine {
        var line = detection.sessionLine(.live, detectors: detectors)
        line.device = configuration.path
        line.card = configuration.capabilities.card
        line.driver = configuration.capabilities.driver
        line.pixelFormat = configuration.pixelFormat.fourcc
        line.converted = configuration.isEmulated
        line.requestedRate = configuration.requestedRate
        line.grantedRate = configuration.frameInterval.map(\.framesPerSecond)
        line.listedMaximumRate = configuration.highestListedRate
        line.frameSize = configuration.size
        line.uprightSize = detection.resolvedOrientation.uprightSize(of: configuration.size)
        line.record = record
        return line
    }
}
