import Glibc
import ScryCore
import SystemPackage

/// A V4L2 capture device as `scry devices` lists it.
public struct CaptureDeviceDescription: Sendable {
    public var path: String
    public var capabilities: DeviceCapabilities
    /// Every format offered, with its sizes and its rates at the capture size.
    public var offers: [CameraFormatOffer]

    public init(path: String, capabilities: DeviceCapabilities, offers: [CameraFormatOffer]) {
        self.path = path
        self.capabilities = capabilities
        self.offers = offers
    }
}

/// Finds the V4L2 video capture devices.
public enum CaptureDevices {
    /// The /dev/video* nodes, in numeric order.
    public static func nodePaths(directory: String = "/dev") -> [String] {
        guard let names = DirectoryNames.read(directory) else { return [] }
        var numbers: [Int] = []
        for name in names.map({ String(decoding: $0, as: UTF8.self) }) {
            if name.hasPrefix("video"), let number = Int(name.dropFirst(5)) { numbers.append(number) }
        }
        return numbers.sorted().map { "\(directory)/video\($0)" }
    }

    /// Describes every node that captures video, with each format's rates at `size`. Nodes
    /// that cannot be opened or are not capture devices are skipped; `failures` holds why,
    /// one message per node.
    public static func list(size: ImageSize) -> (devices: [CaptureDeviceDescription], failures: [CaptureError]) {
        var devices: [CaptureDeviceDescription] = []
        var failures: [CaptureError] = []
        for path in nodePaths() {
            do {
                let device = try VideoDevice(path: path)
                defer { device.close() }
                let capabilities = device.capabilities
                guard capabilities.canCaptureVideo else { continue }
                devices.append(
                    CaptureDeviceDescription(
                        path: path, capabilities: capabilities, offers: try device.formatOffers(at: size)))
            } catch {
                failures.append(error)
            }
        }
        return (devices, failures)
    }

    /// The device path for `--device`: a path as given, or a number N for /dev/videoN.
    public static func path(for argument: String) -> String {
        if let number = Int(argument), number >= 0 { return "/dev/video\(number)" }
        return argument
    }

    /// The first device that captures video, for `scry live` without `--device`.
    public static func firstCaptureDevice() -> String? {
        for path in nodePaths() {
            guard let device = try? VideoDevice(path: path) else { continue }
            defer { device.close() }
            if device.capabilities.canCaptureVideo { return path }
        }
        return nil
    }
}
