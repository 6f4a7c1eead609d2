import ScryCore

/// A transformed copy of an image that a second decoding pass looks at, for codes the plain
/// image does not give up. Readings from a variant are mapped back to the original's pixels.
public enum ImageVariant: Hashable, Sendable {
    /// The image as it is.
    case original
    /// Twice the size, bilinear: thin modules (1-2 px) become readable.
    case upscaled
    /// Unsharp-masked (sigma 2, amount 1.5): soft edges of a defocused code steepen.
    case sharpened
    /// Gaussian blur (sigma 1): print texture, noise and JPEG blocking fade.
    case blurred
    /// Half the size by area averaging: a large, blurry code becomes a small, crisp one.
    case downscaled
    /// Twice the size, then unsharp-masked: the thin, soft bars of a small add-on beside a
    /// worn EAN/UPC code separate.
    case upscaledSharpened
    /// Twice the size, bicubic (Keys a = -0.5): smoother bar edges than bilinear.
    case enlargedBicubic
    /// Unsharp-masked more gently (sigma 1, amount 0.7).
    case mildlySharpened
    /// Twice the size, bicubic, then strongly unsharp-masked (sigma 3, amount 2): the blurred
    /// bars of a small, defocused EAN/UPC code separate.
    case enlargedStronglySharpened
    /// Three times the size, bicubic: the smallest, softest codes of small photos (images up
    /// to `largestThreefoldPixelCount` pixels).
    case enlargedBicubicThreefold

    /// One and a half times the size, bicubic: a code whose module is about 1.5 px meets the
    /// binarizer's window better than at twice the size.
    case enlargedBicubicOneAndAHalf
    /// Twice the size, bicubic, then histogram-equalized: the bars of a washed-out, low-contrast
    /// code spread over the whole gray range.
    case enlargedEqualized

    /// Averaged down its columns over `columnAverageSpan` rows (`GrayImage.averagedDownColumns`),
    /// then twice the size, bicubic, and strongly unsharp-masked (sigma 3, amount 2): the noise
    /// along the bars of a small, grainy linear code standing upright falls to a third of what
    /// it was with its edges across the rows as sharp as before, and its soft bars separate as
    /// in `enlargedStronglySharpened`. A code the tilted look has turned upright stands so too.
    case averagedDownColumnsEnlargedSharpened

    /// Deblurred along its rows for a Gaussian blur of `sigma` pixels
    /// (`GrayImage.deblurredAlongRows`), then twice the size, bicubic: the bars of an upright
    /// linear code (DataBar Stacked's rows among them) that a camera out of focus blurred
    /// into each other separate again.
    case deblurredAlongRowsEnlarged(sigma: Double)

    /// How many rows `averagedDownColumnsEnlargedSharpened` averages.
    public static let columnAverageSpan = 9

    /// Images with more pixels than this are not enlarged threefold.
    public static let largestThreefoldPixelCount = 250_000

    /// Images with more pixels than this are not enlarged (the pass would cost more than it
    /// could find: codes in such images are rarely too small to read).
    public static let largestUpscaledPixelCount = 1_000_000

    /// The variant of `image`, or nil when it does not apply to an image of that size.
    public func apply(to image: GrayImage) -> GrayImage? {
        switch self {
        case .original: return image
        case .upscaled:
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.upscaled(by: 2)
        case .upscaledSharpened:
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.upscaled(by: 2).sharpened()
        case .sharpened: return image.sharpened()
        case .enlargedBicubic:
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.enlargedBicubic(by: 2)
        case .mildlySharpened: return image.sharpened(sigma: 1, amount: 0.7)
        case .enlargedStronglySharpened:
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.enlargedBicubic(by: 2).sharpened(sigma: 3, amount: 2)
        case .enlargedBicubicThreefold:
            guard image.width * image.height <= Self.largestThreefoldPixelCount else { return nil }
            return image.enlargedBicubic(by: 3)
        case .enlargedBicubicOneAndAHalf:
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.enlargedBicubic(toWidth: image.width * 3 / 2, height: image.height * 3 / 2)
        case .enlargedEqualized:
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.enlargedBicubic(by: 2).equalized()
        case .averagedDownColumnsEnlargedSharpened:
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.averagedDownColumns(span: Self.columnAverageSpan).enlargedBicubic(by: 2)
                .sharpened(sigma: 3, amount: 2)
        case .deblurredAlongRowsEnlarged(let sigma):
            guard image.width * image.height <= Self.largestUpscaledPixelCount else { return nil }
            return image.deblurredAlongRows(sigma: sigma).enlargedBicubic(by: 2)
        case .blurred: return image.gaussianBlurred(sigma: 1)
        case .downscaled:
            guard image.width >= 64, image.height >= 64 else { return nil }
            return image.resampled(width: image.width / 2, height: image.height / 2)
        }
    }

    /// Original pixel coordinates per variant pixel.
    var scale: Double {
        switch self {
        case .upscaled, .upscaledSharpened, .enlargedBicubic, .enlargedStronglySharpened, .enlargedEqualized,
            .averagedDownColumnsEnlargedSharpened, .deblurredAlongRowsEnlarged:
            return 0.5
        case .enlargedBicubicOneAndAHalf: return 2.0 / 3
        case .enlargedBicubicThreefold: return 1.0 / 3
        case .downscaled: return 2
        default: return 1
        }
    }

    /// `reading` with its corners mapped from this variant's pixels to the original's.
    func mapToOriginal(_ reading: EngineReading) -> EngineReading {
        guard scale != 1 else { return reading }
        var mapped = reading
        mapped.corners = reading.corners.map { PixelPoint(x: $0.x * scale, y: $0.y * scale) }
        return mapped
    }
}
