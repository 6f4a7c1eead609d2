import ScryCore

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

/// One pixel format a camera offers (`VIDIOC_ENUM_FMT`), its sizes, and its frame rates at
/// the size scry captures at.
public struct CameraFormatOffer: Sendable, Equatable {
    public var pixelFormat: PixelFormat
    /// True when libv4l2 offers the format by converting another one (libv4lconvert), for
    /// example YU12 decoded from MJPEG; false when the driver delivers it itself.
    public var isEmulated: Bool
    public var sizes: FrameSizeOffer
    /// The frame rates at the capture size (1280x720); nil when the format lacks that size or
    /// the driver does not enumerate its frame intervals.
    public var rates: FrameRateOffer?

    public init(pixelFormat: PixelFormat, isEmulated: Bool, sizes: FrameSizeOffer, rates: FrameRateOffer? = nil) {
        self.pixelFormat = pixelFormat
        self.isEmulated = isEmulated
        self.sizes = sizes
        self.rates = rates
    }

    /// The format and its sizes, for messages: "YUYV 640x480, 1280x720".
    var summary: String { pixelFormat.fourcc + " " + sizes.description }
}

/// The format scry captures in, and what the camera says of its rate.
public struct CaptureFormatChoice: Sendable, Equatable {
    public var pixelFormat: PixelFormat
    /// True when libv4lconvert produces the format from another one.
    public var isEmulated: Bool
    /// The highest rate the camera lists for the format at the size; nil when it lists none.
    public var highestRate: Double?
    /// False when the camera lists rates for the format and none reaches the requested one
    /// (no format did: this one comes closest).
    public var reachesRequestedRate: Bool

    public init(pixelFormat: PixelFormat, isEmulated: Bool, highestRate: Double?, reachesRequestedRate: Bool) {
        self.pixelFormat = pixelFormat
        self.isEmulated = isEmulated
        self.highestRate = highestRate
        self.reachesRequestedRate = reachesRequestedRate
    }
}

/// Why a camera cannot give scry what it needs.
public enum CaptureFormatMismatch: Error, Equatable, CustomStringConvertible {
    /// No format offers the size; `offered` lists what the camera offers instead.
    case sizeNotOffered(ImageSize, offered: [String])
    /// The size exists, but only in formats scry cannot turn into gray.
    case noUsableFormat(ImageSize, offered: [PixelFormat])
    /// `--format` asked for a format the camera does not offer at the size; `offered` lists
    /// the formats it has there, with their rates.
    case formatNotOffered(PixelFormat, ImageSize, offered: [String])

    public var description: String {
        switch self {
        case .sizeNotOffered(let size, let offered):
            let list = offered.isEmpty ? "none" : offered.joined(separator: "; ")
            return "the camera cannot capture \(size.width)x\(size.height); it offers \(list)"
        case .noUsableFormat(let size, let offered):
            return "the camera offers \(size.width)x\(size.height) only as "
                + offered.map(\.fourcc).joined(separator: ", ")
                + ", which scry cannot read (it needs YUYV, GREY, YU12 or MJPEG, or a format libv4lconvert turns into YU12)"
        case .formatNotOffered(let format, let size, let offered):
            let list = offered.isEmpty ? "nothing" : offered.joined(separator: "; ")
            return "the camera does not offer \(format.fourcc) at \(size.width)x\(size.height); there it offers \(list)"
        }
    }
}

/// Chooses the pixel format to capture in, at one exact size and a wanted frame rate.
///
/// The candidates, in order of preference: YUYV, GREY and YU12 delivered by the driver itself
/// (gray is their Y plane, no conversion at all); then MJPEG as the camera sends it (scry
/// decodes only the gray the detectors need, and records the JPEGs as they came); then YU12
/// emulated by libv4lconvert, which converts any other format the camera has in the capture
/// thread. The first candidate that reaches the wanted rate at the size is chosen (a format
/// whose rates the driver does not list counts as reaching it). So a USB 2 webcam offering
/// 1280x720 as YUYV at 10 fps and as MJPEG at 30 fps is captured in MJPEG at 30 fps, and one
/// offering YUYV at 30 fps in YUYV. When no candidate reaches the rate, the fastest is chosen
/// (the first of the fastest). `forcing` keeps only that format's candidates.
public enum CaptureFormatNegotiation {
    public static let nativePreference: [PixelFormat] = [.yuyv, .grey, .yuv420, .mjpeg]

    /// A rate counts as reached from 99.5% of it, so that 29.97 fps reaches 30.
    static let rateTolerance = 0.995

    public static func choose(
        from offers: [CameraFormatOffer], size: ImageSize, framesPerSecond: Int = 30,
        forcing forced: PixelFormat? = nil
    ) -> Result<CaptureFormatChoice, CaptureFormatMismatch> {
        let fitting = offers.filter { $0.sizes.contains(size) }
        var candidates: [CameraFormatOffer] = []
        for format in nativePreference {
            candidates += fitting.filter { $0.pixelFormat == format && !$0.isEmulated }
        }
        candidates += fitting.filter { $0.pixelFormat == .yuv420 && $0.isEmulated }
        if let forced {
            candidates = candidates.filter { $0.pixelFormat == forced }
            guard !candidates.isEmpty else {
                let listed = fitting.isEmpty ? offers.filter { !$0.isEmulated } : fitting
                return .failure(.formatNotOffered(forced, size, offered: grouped(listed, withSizes: fitting.isEmpty)))
            }
        }
        guard !candidates.isEmpty else {
            if fitting.isEmpty {
                let native = offers.filter { !$0.isEmulated }
                return .failure(.sizeNotOffered(size, offered: native.map(\.summary)))
            }
            return .failure(.noUsableFormat(size, offered: fitting.map(\.pixelFormat)))
        }
        let wanted = Double(framesPerSecond) * rateTolerance
        func choice(_ offer: CameraFormatOffer, reaches: Bool) -> CaptureFormatChoice {
            CaptureFormatChoice(
                pixelFormat: offer.pixelFormat, isEmulated: offer.isEmulated, highestRate: offer.rates?.highestRate,
                reachesRequestedRate: reaches)
        }
        if let reaching = candidates.first(where: { ($0.rates?.highestRate ?? .infinity) >= wanted }) {
            return .success(choice(reaching, reaches: true))
        }
        // None reaches the rate, and every candidate lists its rates: the fastest.
        var fastest = candidates[0]
        for candidate in candidates.dropFirst()
        where (candidate.rates?.highestRate ?? 0) > (fastest.rates?.highestRate ?? 0) {
            fastest = candidate
        }
        return .success(choice(fastest, reaches: false))
    }

    /// The offers for a message, formats with the same rates (or sizes) named together:
    /// "YUYV, UYVY at 12.5, 10 fps; YU12 (converted) at 30 fps".
    private static func grouped(_ offers: [CameraFormatOffer], withSizes: Bool) -> [String] {
        var groups: [(detail: String, names: [String])] = []
        for offer in offers {
            let name = offer.pixelFormat.fourcc.trimmingTrailingSpaces + (offer.isEmulated ? " (converted)" : "")
            let detail = withSizes ? offer.sizes.description : offer.rates.map { "at " + $0.description } ?? ""
            if let index = groups.firstIndex(where: { $0.detail == detail }) {
                groups[index].names.append(name)
            } else {
                groups.append((detail, [name]))
            }
        }
        return groups.map { group in
            group.names.joined(separator: ", ") + (group.detail.isEmpty ? "" : " " + group.detail)
        }
    }
}

extension String {
    /// A fourcc such as "Y10 " without its padding.
    fileprivate var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex(where: { $0 != " " }).map(index(after:)) ?? startIndex)])
    }
}
