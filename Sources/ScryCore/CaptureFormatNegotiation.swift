/// The frame sizes a camera offers for one pixel format (`VIDIOC_ENUM_FRAMESIZES`).
public enum FrameSizeOffer: Sendable, Equatable {
    /// A list of exact sizes, as webcams report them.
    case discrete([ImageSize])
    /// Any size from `minimum` to `maximum` in steps (stepwise and continuous ranges).
    case stepwise(minimum: ImageSize, maximum: ImageSize, widthStep: Int, heightStep: Int)

    public func contains(_ size: ImageSize) -> Bool {
        switch self {
        case .discrete(let sizes):
            return sizes.contains(size)
        case .stepwise(let minimum, let maximum, let widthStep, let heightStep):
            guard (minimum.width...max(minimum.width, maximum.width)).contains(size.width),
                (minimum.height...max(minimum.height, maximum.height)).contains(size.height)
            else { return false }
            return (size.width - minimum.width) % max(1, widthStep) == 0
                && (size.height - minimum.height) % max(1, heightStep) == 0
        }
    }

    /// The sizes for an error message: the list, or the range.
    public var description: String {
        switch self {
        case .discrete(let sizes): sizes.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")
        case .stepwise(let minimum, let maximum, _, _):
            "\(minimum.width)x\(minimum.height) to \(maximum.width)x\(maximum.height)"
        }
    }
}

/// One pixel format a camera offers (`VIDIOC_ENUM_FMT`) and its sizes.
public struct CameraFormatOffer: Sendable, Equatable {
    public var pixelFormat: PixelFormat
    /// True when libv4l2 offers the format by converting another one (libv4lconvert), for
    /// example YU12 decoded from MJPEG; false when the driver delivers it itself.
    public var isEmulated: Bool
    public var sizes: FrameSizeOffer

    public init(pixelFormat: PixelFormat, isEmulated: Bool, sizes: FrameSizeOffer) {
        self.pixelFormat = pixelFormat
        self.isEmulated = isEmulated
        self.sizes = sizes
    }
}

/// Why a camera cannot give scry what it needs.
public enum CaptureFormatMismatch: Error, Equatable, CustomStringConvertible {
    /// No format offers the size; `offered` lists what the camera offers instead.
    case sizeNotOffered(ImageSize, offered: [String])
    /// The size exists, but only in formats scry cannot turn into gray.
    case noUsableFormat(ImageSize, offered: [PixelFormat])

    public var description: String {
        switch self {
        case .sizeNotOffered(let size, let offered):
            let list = offered.isEmpty ? "none" : offered.joined(separator: "; ")
            return "the camera cannot capture \(size.width)x\(size.height); it offers \(list)"
        case .noUsableFormat(let size, let offered):
            return "the camera offers \(size.width)x\(size.height) only as "
                + offered.map(\.fourcc).joined(separator: ", ")
                + ", which scry cannot read (it needs YUYV, GREY, YU12 or MJPEG, or a format libv4lconvert turns into YU12)"
        }
    }
}

/// Chooses the pixel format to capture in, at one exact size.
///
/// In order of preference: YUYV, GREY and YU12 delivered by the driver itself (gray is their
/// Y plane, no conversion at all); then MJPEG as the camera sends it (scry decodes only the
/// gray the detectors need, and records the JPEGs as they came); then YU12 emulated by
/// libv4lconvert, which converts any other format the camera has in the capture thread.
public enum CaptureFormatNegotiation {
    public static let nativePreference: [PixelFormat] = [.yuyv, .grey, .yuv420, .mjpeg]

    public static func choose(
        from offers: [CameraFormatOffer], size: ImageSize
    ) -> Result<PixelFormat, CaptureFormatMismatch> {
        let fitting = offers.filter { $0.sizes.contains(size) }
        for format in nativePreference
        where fitting.contains(where: { $0.pixelFormat == format && !$0.isEmulated }) {
            return .success(format)
        }
        if fitting.contains(where: { $0.pixelFormat == .yuv420 && $0.isEmulated }) {
            return .success(.yuv420)
        }
        if fitting.isEmpty {
            let native = offers.filter { !$0.isEmulated }
            return .failure(
                .sizeNotOffered(size, offered: native.map { "\($0.pixelFormat.fourcc) \($0.sizes.description)" }))
        }
        return .failure(.noUsableFormat(size, offered: fitting.map(\.pixelFormat)))
    }
}
