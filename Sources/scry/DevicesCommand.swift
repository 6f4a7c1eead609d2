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
            try output.emit(Self.line(device))
        }
        printError("\(devices.count) capture device\(devices.count == 1 ? "" : "s") found")
    }

    static func line(_ device: CaptureDeviceDescription) -> JSONValue {
        let size = LiveCommand.captureSize
        let formats: [JSONValue] = device.offers.map { offer in
            .object([
                "fourcc": .string(offer.pixelFormat.fourcc),
                "converted": .bool(offer.isEmulated),
                "sizes": .string(offer.sizes.description),
                "supports_1280x720": .bool(offer.sizes.contains(size)),
            ])
        }
        var chosen: JSONValue = .null
        var problem: JSONValue = .null
        switch CaptureFormatNegotiation.choose(from: device.offers, size: size) {
        case .success(let format): chosen = .string(format.fourcc)
        case .failure(let mismatch): problem = .string(mismatch.description)
        }
        return .object([
            "type": .string("device"), "device": .string(device.path),
            "card": .string(device.capabilities.card), "driver": .string(device.capabilities.driver),
            "bus": .string(device.capabilities.bus), "formats": .array(formats),
            "live_format": chosen, "unusable_because": problem,
        ])
    }
}
