import ScryCore

/// `scry devices`: one capture device, every pixel format it offers with its sizes, whether
/// it can capture `size` and at which frame rates, and the format `scry live --fps N` would
/// choose (or why none fits).
public struct DeviceLine: OutputLine {
    public static let lineType = "device"

    public var device: CaptureDeviceDescription
    /// The size scry captures at (1280x720).
    public var size: ImageSize
    /// The rate `live_format` is chosen for.
    public var framesPerSecond: Int

    public init(_ device: CaptureDeviceDescription, size: ImageSize, framesPerSecond: Int = 30) {
        self.device = device
        self.size = size
        self.framesPerSecond = framesPerSecond
    }

    public var members: [String: JSONValue] {
        let formats: [JSONValue] = device.offers.map { offer in
            .object([
                "fourcc": .string(offer.pixelFormat.fourcc),
                "converted": .bool(offer.isEmulated),
                "sizes": .string(offer.sizes.description),
                "supports_1280x720": .bool(offer.sizes.contains(size)),
                "rates_1280x720": offer.rates.map { .string($0.description) } ?? .null,
                "max_fps_1280x720": offer.rates.map { .double(FrameRateOffer.rounded($0.highestRate)) } ?? .null,
            ])
        }
        var chosen: JSONValue = .null
        var chosenRate: JSONValue = .null
        var problem: JSONValue = .null
        switch CaptureFormatNegotiation.choose(from: device.offers, size: size, framesPerSecond: framesPerSecond) {
        case .success(let choice):
            chosen = .string(choice.pixelFormat.fourcc)
            chosenRate = choice.highestRate.map { .double(FrameRateOffer.rounded(min($0, Double(framesPerSecond)))) } ?? .null
        case .failure(let mismatch): problem = .string(mismatch.description)
        }
        return [
            "device": .string(device.path), "card": .string(device.capabilities.card),
            "driver": .string(device.capabilities.driver), "bus": .string(device.capabilities.bus),
            "formats": .array(formats), "live_format": chosen, "live_fps": chosenRate, "unusable_because": problem,
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
                        CameraFormatOffer(
                            pixelFormat: .yuyv, isEmulated: false, sizes: .discrete([size]),
                            rates: .discrete([.init(numerator: 1, denominator: 10), .init(numerator: 1, denominator: 5)])),
                        CameraFormatOffer(
                            pixelFormat: .mjpeg, isEmulated: false, sizes: .discrete([size]),
                            rates: .discrete([.init(numerator: 1, denominator: 30), .init(numerator: 1, denominator: 15)])),
                        CameraFormatOffer(
                            pixelFormat: .yuv420, isEmulated: true, sizes: .discrete([size]),
                            rates: .discrete([.init(numerator: 1, denominator: 30), .init(numerator: 1, denominator: 15)])),
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
