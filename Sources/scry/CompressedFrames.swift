import ScryCore
import ScryJPEG
import ScryPipeline

/// How a run reads compressed frames (a camera's or a dump's MJPG): decoded by libjpeg-turbo
/// before the detectors (gray, or with its colour for --faces); a frame that cannot be decoded
/// is skipped and counted, with at most one line on stderr a second.
enum CompressedFrames {
    static func install(on pipeline: DetectionPipeline, keepingColour: Bool, source: String) throws {
        do { pipeline.decoder = try MJPEGFrameDecoder(keepsColour: keepingColour) } catch {
            throw CommandFailure(message: "\(error)", status: ExitStatus.unavailable)
        }
        let report = UndecodableFrameReport(source: source)
        pipeline.onUndecodableFrame = { frame, error in report.note(frame, error) }
    }
}

/// Prints "frame N: undecodable JPEG ...; skipped" at most once a second, with how many were
/// skipped since the last line.
final class UndecodableFrameReport {
    private let source: String
    private var lastLine: ContinuousClock.Instant?
    private var unreported = 0

    init(source: String) { self.source = source }

    func note(_ frame: Frame, _ error: any Error) {
        unreported += 1
        let now = ContinuousClock.now
        if let lastLine, now - lastLine < .seconds(1) { return }
        let others = unreported > 1 ? " (and \(unreported - 1) more since the last report)" : ""
        printError("\(source): frame \(frame.sequence): \(error); skipped\(others)")
        lastLine = now
        unreported = 0
    }
}
