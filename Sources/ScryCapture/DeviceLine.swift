import ScryCore

/// `scry devices`: one capture device, every pixel format it offers with its sizes and whether
/// it can capture `size`, and the format `scry live` would choose (or why none fits).
public struct DeviceLine: OutputLine {
    public static let lineType = "device"

    public var device: CaptureDeviceDescription
    /// The size scry captures at (1280x720).
    public var size: ImageSize

    public init(_ device: CaptureDeviceDescription, size: ImageSize) {
        self.device = device
        self.size = size
    }

    public var members: [String: JSONValue] {
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
        return [
            "device": .string(device.path), "card": .string(device.capabilities.card),
            "driver": .string(device.capabilities.driver), "bus": .string(device.capabilities.bus),
            "formats": .array(formats), "live_format": chosen, "unusable_because": problem,
        ]
    }

    public static var examples: [DeviceLine] {
        let webcam = DeviceCapabilities(card: "HD Webcam", driver: "uvcvideo", bus: "usb-0000:00:14.0-1", canCaptureVideo: true)
        let size = ImageSize(width: 1280, height: 720)
        return [
            DeviceLine(
                CaptureDeviceDescription(
                    path: "/dev/video0", capabilities: webcam,
                    offers: [
                        CameraFormatOffer(pixelFormat: .yuyv, isEmulated: false, sizes: .discrete([size])),
                        CameraFormatOffer(pixelFormat: .yuv420, isEmulated: true, sizes: .discrete([size])),
                    ]), size: size),
            DeviceLine(
                CaptureDeviceDescription(
                    path: "/dev/video2", capabilities: webcam,
                    offers: [
                        CameraFormatOffer(pixelFormat: .yuyv, isEmulated: false, sizes: .discrete([ImageSize(width: 640, height: 480)]))
                    ]), size: size),
        ]
    }
}
