import ArgumentParser
import ScryCapture
import ScryCore

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the V4L2 capture devices, one JSON line each.",
        discussion: """
            Each line gives the device path, card name, driver and bus, every pixel format \
            with whether it can capture 1280x720 (formats libv4lconvert produces are marked \
            converted), and the format scry live would choose. Nodes that cannot be opened \
            are reported on stderr. Exit status 0 even when there is no camera.
            """)

    func run() throws {
        let output = Output()
        let (devices, failures) = CaptureDevices.list()
        for failure in failures { printError(failure.description) }
        for device in devices {
            try output.emit(DeviceLine(device, size: LiveCommand.captureSize))
        }
        printError("\(devices.count) capture device\(devices.count == 1 ? "" : "s") found")
    }
}
