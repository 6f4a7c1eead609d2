import ArgumentParser
import ScryCapture
import ScryCore
import ScryInput

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the V4L2 capture devices and the pens and touch surfaces, one JSON line each.",
        discussion: """
            Each line gives the device path, card name, driver and bus, every pixel format \
            with whether it can capture 1280x720 and its frame rates there (formats \
            libv4lconvert produces are marked converted), and the format scry live would \
            choose at --fps. Then an "input_device" line for each pen, touch screen and \
            touchpad among /dev/input/event* (absolute x and y with a pen or touch button), \
            for scry ink --device. Nodes that cannot be opened are reported on stderr. Exit \
            status 0 even when there is no camera.

            Examples:
              The cameras and pens, one JSON line each:
                scry devices
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
        let (pens, penFailures) = PenDevices.list()
        // Nodes this user may not read (most, outside the input group) make one line, not one each.
        let denied = penFailures.filter { $0.error == .permissionDenied }.map(\.path)
        for failure in penFailures where failure.error != .permissionDenied { printError("\(failure.path): \(failure.error)") }
        if !denied.isEmpty {
            printError("\(denied.count) input device\(denied.count == 1 ? "" : "s") (\(denied.first!)...) may not be read: \(InputDeviceError.permissionDenied)")
        }
        for pen in pens { try output.emit(PenDeviceLine(pen)) }
        printError(
            "\(devices.count) capture device\(devices.count == 1 ? "" : "s") found, "
                + "\(pens.count) pen or touch device\(pens.count == 1 ? "" : "s")")
    }
}
