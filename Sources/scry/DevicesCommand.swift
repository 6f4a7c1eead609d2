import ArgumentParser
import ScryCapture
import ScryCore

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the V4L2 capture devices, one JSON line each.",
        discussion: """
            Each line gives the device path, card name, driver and bus, every pixel format \
            with whether it can capture 1280x720 and its frame rates there (formats \
            libv4lconvert produces are marked converted), and the format scry live would \
            choose at --fps. Nodes that cannot be opened are reported on stderr. Exit status \
            0 even when there is no camera.
            """)

    @Option(help: "The frame rate live_format is chosen for, as scry live --fps.")
    var fps = 30

    func validate() throws {
        if !(1...1000).contains(fps) { throw ValidationError("--fps must be a whole number of frames a second from 1 to 1000") }
    }

    func run() throws {
        let output = Output()
        let (devices, failures) = CaptureDevices.list(size: LiveCommand.captureSize)
        for failure in failures { printError(failure.description) }
        for device in devices {
            try output.emit(DeviceLine(device, size: LiveCommand.captureSize, framesPerSecond: fps))
        }
        printError("\(devices.count) capture device\(devices.count == 1 ? "" : "s") found")
    }
}
