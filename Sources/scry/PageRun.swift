import ArgumentParser
import ScryCapture
import ScryCore
import ScryPipeline
import SystemPackage

/// How `vocab read` and `scan` take their pictures: from the camera (`-d`) until enough pages
/// are done, a signal or `seconds`; else from image files and frame dumps, told apart by their
/// contents, an image file's EXIF orientation applying unless `imageOrientation` says
/// otherwise. A file that cannot be read is one stderr line and the others are still read.
enum PageRun {
    /// Runs `pipeline` over the pictures; returns the first failure, its line already printed.
    /// `command` names the command in the camera's stderr line; `isDone` says when the camera
    /// has given enough pages.
    static func run(
        _ pipeline: DetectionPipeline, command: String, device: String?, capture: CaptureOptions, seconds: Double?,
        files: [String], imageOrientation: ImageOrientation?, keepsColour: Bool = false, isDone: @escaping () -> Bool
    ) throws -> CommandFailure? {
        var firstFailure: CommandFailure?
        var run: FrameRun
        var progress: ProgressLine?
        if let device {
            let path = CaptureDevices.path(for: device)
            let camera = try capture.openCamera(path)
            StopSignal.install()
            printError("\(command): reading from \(path); hold a page still in front of the camera (Ctrl-C stops)")
            pipeline.origin = { .streamFrame(stream: path, sequence: $0.sequence) }
            run = FrameRun(
                source: CameraFrameSource(camera), pipeline: pipeline, limits: RunLimits(seconds: seconds),
                isClosedOutputError: Output.isClosedOutput)
            run.stopRequest = { StopSignal.receivedName() ?? (isDone() ? "pages" : nil) }
        } else {
            let inputs = files.map { FileFrameSource.Input(path: FilePath(argument: $0), name: $0.escapedForDisplay) }
            let source = FileFrameSource(inputs, readsDumps: true, keepsColour: keepsColour) { input, failure in
                let failure = CommandFailure(message: "\(input.name): \(failure)", status: failure.exitStatus)
                printError(failure.message)
                firstFailure = firstFailure ?? failure
            }
            pipeline.origin = { _ in source.current!.origin }
            pipeline.prepareFrame = { _, _ in imageOrientation ?? source.current?.exifOrientation ?? .up }
            let shown = ProgressLine.over(source, wrapping: source, unit: "files", evenForOne: true)
            progress = shown.line
            run = FrameRun(source: shown.source, pipeline: pipeline, isClosedOutputError: Output.isClosedOutput)
        }
        let outcome = run.run()
        progress?.finish()
        switch outcome.end {
        case .outputClosed: throw OutputClosed()
        case .sourceEnded, .frameLimit, .timeLimit, .stopped: break
        case .sourceFailed(let error):
            let status = documentedStatus(of: error)
            firstFailure = firstFailure ?? CommandFailure(message: "\(error)", status: status)
            printError("\(error)")
        case .recordingFailed(let error):
            firstFailure = firstFailure ?? CommandFailure(message: "\(error)", status: ExitStatus.ioError)
        case .laneFailed(let failure):
            let command = CommandFailure(failure)
            printError(command.message)
            firstFailure = firstFailure ?? command
        }
        return firstFailure
    }
}
