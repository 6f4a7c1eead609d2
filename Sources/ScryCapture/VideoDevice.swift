internal import CV4L2
import Glibc
import ScryCore
import SystemPackage

/// What `VIDIOC_QUERYCAP` says about a device node.
public struct DeviceCapabilities: Sendable, Equatable {
    /// The device's name, for example "HD Pro Webcam C920".
    public var card: String
    /// The kernel driver, for example "uvcvideo" or "vivid".
    public var driver: String
    /// Where the device sits, for example "usb-0000:00:14.0-1".
    public var bus: String
    /// True when the node captures video (`V4L2_CAP_VIDEO_CAPTURE`) and can stream.
    public var canCaptureVideo: Bool

    public init(card: String, driver: String, bus: String, canCaptureVideo: Bool) {
        self.card = card
        self.driver = driver
        self.bus = bus
        self.canCaptureVideo = canCaptureVideo
    }
}

/// An open V4L2 device node, opened through libv4l2. Closed by `close()` or when released.
final class VideoDevice {
    let path: String
    /// What the node said to VIDIOC_QUERYCAP when it was opened.
    let capabilities: DeviceCapabilities
    private(set) var fd: Int32

    /// Opens `path` read-write and non-blocking (frames are awaited with poll). The node is
    /// checked with a plain VIDIOC_QUERYCAP before libv4l2 takes it over, so that a file that
    /// is no V4L2 device gets scry's error rather than libv4l2's messages on stderr.
    init(path: String) throws(CaptureError) {
        self.path = path
        let plain = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard plain >= 0 else {
            let error = Errno(rawValue: errno)
            switch error {
            case .operationNotSupportedByDevice, .noSuchAddressOrDevice, .notDirectory, .fileNameTooLong,
                .tooManySymbolicLinkLevels:
                throw .notFound(path)
            case .isDirectory: throw .notAVideoDevice(path)
            default: throw classify(error, operation: "open", path: path)
            }
        }
        var capability = v4l2_capability()
        do {
            try retryingInterrupts("VIDIOC_QUERYCAP", path: path) {
                scry_plain_ioctl(plain, SCRY_VIDIOC_QUERYCAP, &capability)
            }
        } catch {
            Glibc.close(plain)
            if case .system(_, _, .inappropriateIOCTLForDevice) = error { throw .notAVideoDevice(path) }
            throw error
        }
        Self.silenceLibv4l2
        let fd = scry_v4l2_fd_open(plain)
        guard fd >= 0 else {
            let error = Errno(rawValue: errno)
            Glibc.close(plain)
            throw classify(error, operation: "v4l2_fd_open", path: path)
        }
        self.fd = fd
        capabilities = Self.capabilities(from: capability)
    }

    /// Runs once, before the first device is handed to libv4l2.
    private static let silenceLibv4l2: Void = scry_v4l2_silence_log()

    deinit { close() }

    func close() {
        if fd >= 0 { _ = scry_v4l2_close(fd) }
        fd = -1
    }

    func ioctl<Argument>(_ request: UInt, _ name: String, _ argument: inout Argument) throws(CaptureError) {
        try ScryCapture.ioctl(fd, request, name, &argument, path: path)
    }

    private static func capabilities(from capability: v4l2_capability) -> DeviceCapabilities {
        // device_caps describes this node; capabilities covers the whole physical device.
        let caps =
            capability.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0
            ? capability.device_caps : capability.capabilities
        let wanted = UInt32(V4L2_CAP_VIDEO_CAPTURE) | UInt32(V4L2_CAP_STREAMING)
        return DeviceCapabilities(
            card: cString(capability.card), driver: cString(capability.driver),
            bus: cString(capability.bus_info), canCaptureVideo: caps & wanted == wanted)
    }

    /// Every capture format the device offers, through libv4l2 (so formats libv4lconvert can
    /// produce are included, marked emulated), each with its frame sizes and, when it has
    /// `size`, its frame rates there.
    func formatOffers(at size: ImageSize) throws(CaptureError) -> [CameraFormatOffer] {
        let descriptions = try enumerate(SCRY_VIDIOC_ENUM_FMT, "VIDIOC_ENUM_FMT") { index in
            var description = v4l2_fmtdesc()
            description.index = index
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            return description
        }
        var offers: [CameraFormatOffer] = []
        for description in descriptions {
            let format = PixelFormat(rawValue: description.pixelformat)
            let sizes = try frameSizes(of: format)
            offers.append(
                CameraFormatOffer(
                    pixelFormat: format,
                    isEmulated: description.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0,
                    sizes: sizes, rates: sizes.contains(size) ? try frameRates(of: format, at: size) : nil))
        }
        return offers
    }

    /// The frame intervals of `format` at `size`; nil when the driver lists none (it need not
    /// implement VIDIOC_ENUM_FRAMEINTERVALS).
    private func frameRates(of format: PixelFormat, at size: ImageSize) throws(CaptureError) -> FrameRateOffer? {
        let entries: [v4l2_frmivalenum]
        do {
            entries = try enumerate(SCRY_VIDIOC_ENUM_FRAMEINTERVALS, "VIDIOC_ENUM_FRAMEINTERVALS") { index in
                var interval = v4l2_frmivalenum()
                interval.index = index
                interval.pixel_format = format.rawValue
                interval.width = UInt32(size.width)
                interval.height = UInt32(size.height)
                return interval
            }
        } catch {
            if case .system(_, _, .inappropriateIOCTLForDevice) = error { return nil }
            throw error
        }
        func interval(_ fraction: v4l2_fract) -> FrameInterval {
            FrameInterval(numerator: Int(fraction.numerator), denominator: Int(fraction.denominator))
        }
        guard let first = entries.first else { return nil }
        // A stepwise or continuous range is the only entry there is.
        if first.type != V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
            return .range(shortest: interval(first.stepwise.min), longest: interval(first.stepwise.max))
        }
        return .discrete(entries.map { interval($0.discrete) })
    }

    /// Asks for `framesPerSecond` (VIDIOC_S_PARM) when the driver lets its rate be set
    /// (V4L2_CAP_TIMEPERFRAME), and returns the interval the driver then reports
    /// (VIDIOC_G_PARM): the one it granted, or its fixed one. Nil when the driver says nothing
    /// of its rate.
    func setFrameRate(_ framesPerSecond: Int) -> FrameInterval? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard (try? ioctl(SCRY_VIDIOC_G_PARM, "VIDIOC_G_PARM", &parameters)) != nil else { return nil }
        if parameters.parm.capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0 {
            var request = parameters
            request.parm.capture.timeperframe = v4l2_fract(numerator: 1, denominator: UInt32(framesPerSecond))
            if (try? ioctl(SCRY_VIDIOC_S_PARM, "VIDIOC_S_PARM", &request)) != nil { parameters = request }
        }
        let granted = parameters.parm.capture.timeperframe
        guard granted.numerator > 0, granted.denominator > 0 else { return nil }
        return FrameInterval(numerator: Int(granted.numerator), denominator: Int(granted.denominator))
    }

    private func frameSizes(of format: PixelFormat) throws(CaptureError) -> FrameSizeOffer {
        let entries = try enumerate(SCRY_VIDIOC_ENUM_FRAMESIZES, "VIDIOC_ENUM_FRAMESIZES") { index in
            var size = v4l2_frmsizeenum()
            size.index = index
            size.pixel_format = format.rawValue
            return size
        }
        // A stepwise or continuous range is the only entry there is.
        if let first = entries.first, first.type != V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
            let range = first.stepwise
            return .stepwise(
                minimum: ImageSize(width: Int(range.min_width), height: Int(range.min_height)),
                maximum: ImageSize(width: Int(range.max_width), height: Int(range.max_height)),
                widthStep: Int(range.step_width), heightStep: Int(range.step_height))
        }
        return .discrete(entries.map { ImageSize(width: Int($0.discrete.width), height: Int($0.discrete.height)) })
    }

    /// Runs an enumerating ioctl for index 0, 1, 2... until the driver answers EINVAL, which
    /// marks the end of the list. `entry` builds the request for an index.
    private func enumerate<Entry>(
        _ request: UInt, _ name: String, entry: (UInt32) -> Entry
    ) throws(CaptureError) -> [Entry] {
        var entries: [Entry] = []
        for index in UInt32(0)..<256 {
            var argument = entry(index)
            do { try ioctl(request, name, &argument) } catch {
                if case .system(_, _, .invalidArgument) = error { break }
                throw error
            }
            entries.append(argument)
        }
        return entries
    }
}

/// A fixed-size C char array (imported as a tuple) up to its first NUL, as UTF-8.
func cString<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
