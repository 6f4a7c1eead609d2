import ArgumentParser
import ScryCapture
import ScryCore

/// `--format`: a capture format to force instead of scry's choice: yuyv, mjpeg, grey or yu12,
/// in any case, or by fourcc (`MJPG`).
enum CaptureFormatChoiceArgument: String, ExpressibleByArgument, CaseIterable {
    case yuyv, mjpeg, grey, yu12

    init?(argument: String) {
        switch argument.lowercased() {
        case "yuyv": self = .yuyv
        case "mjpeg", "mjpg": self = .mjpeg
        case "grey", "gray": self = .grey
        case "yu12": self = .yu12
        default: return nil
        }
    }

    var pixelFormat: PixelFormat {
        switch self {
        case .yuyv: .yuyv
        case .mjpeg: .mjpeg
        case .grey: .grey
        case .yu12: .yuv420
        }
    }
}

/// How a camera is set up: the frame rate wanted and, optionally, the format (`live` and
/// `vocab read --device`).
struct CaptureOptions: ParsableArguments {
    @Option(help: "The frame rate to capture at. At 1280x720 scry takes the first of YUYV, GREY, YU12, MJPEG (then YU12 converted by libv4lconvert) that reaches it, else the fastest, and asks the driver for it.")
    var fps = 30

    // --format, its older name, still works: it meant the file format elsewhere (vocab export).
    @Option(
        name: [.customLong("pixel-format"), .customLong("format")],
        help: ArgumentHelp("Capture in this pixel format, whatever its rate (yuyv, mjpeg, grey or yu12); status 69 when the camera lacks it at 1280x720. --format is its older name.", valueName: "format"))
    var format: CaptureFormatChoiceArgument?

    func validate() throws {
        if !(1...1000).contains(fps) { throw ValidationError("--fps must be a whole number of frames a second from 1 to 1000") }
    }

    /// Opens the camera at `path`, or fails with its documented status.
    func openCamera(_ path: String) throws -> CameraStream {
        let camera: CameraStream
        do {
            camera = try CameraStream(
                path: path, size: LiveCommand.captureSize, framesPerSecond: fps, format: format?.pixelFormat)
        } catch {
            throw CommandFailure(error)
        }
        let configuration = camera.configuration
        if !configuration.reachesRequestedRate {
            let highest = configuration.highestListedRate.map(FrameRateOffer.rateText) ?? "?"
            let fourcc = configuration.pixelFormat.fourcc
            printError(
                format == nil
                    ? "\(path): no format reaches \(fps) fps at 1280x720; capturing \(fourcc), the fastest, at up to \(highest) fps"
                    : "\(path): \(fourcc) reaches at most \(highest) fps at 1280x720, not \(fps)")
        }
        return camera
    }
}
