import ScryCore

/// How much of a frame's detail is already gone, whatever the blur's shape: Crété-Roffet et
/// al.'s no-reference blur measure (2007). The frame is blurred again by a 9-pixel average
/// along each direction; a sharp frame loses much of its pixel-to-pixel variation to that, a
/// blurred one little. The measure is 0 for no variation lost... 1 for none left to lose:
/// print in focus measures 0.1-0.3 (a noisy webcam frame 0.45), a blur of 2 pixels about 0.6,
/// a camera moving 8 pixels in the exposure 0.5-0.8 along its way.
///
/// It complements `EdgeSpread`, which judges the steepest step of each strong edge: a blur
/// with a peaked kernel (ImageMagick's motion blur) keeps some steep steps but loses the
/// detail around them; a frame with a few sharp words and nothing else has too little
/// variation for this measure to be sure of.
public struct BlurEffect: Sendable, Equatable {
    /// The measure along x (rows), nil for a frame without variation along x.
    public var alongX: Double?
    /// The measure along y (columns).
    public var alongY: Double?

    public init(alongX: Double?, alongY: Double?) {
        self.alongX = alongX
        self.alongY = alongY
    }

    /// The blurrier direction's measure (a moving camera blurs along its way only); nil when
    /// neither has variation.
    public var measure: Double? {
        switch (alongX, alongY) {
        case (let x?, let y?): max(x, y)
        case (let x?, nil): x
        case (nil, let y?): y
        case (nil, nil): nil
        }
    }

    /// The width of the average that blurs the frame again.
    public static let span = 9
    /// Every `step`-th row and column is looked at.
    public static let step = 3

    /// The measure of `image` (every `step`-th row and column).
    public static func measure(_ image: GrayImage) -> BlurEffect {
        let width = image.width, height = image.height
        guard width > span, height > span else { return BlurEffect(alongX: nil, alongY: nil) }
        return image.pixels.withUnsafeBufferPointer { pixels in
            var rows = Variation(), columns = Variation()
            for y in stride(from: 0, to: height, by: step) {
                rows.add(pixels, start: y * width, stride: 1, count: width)
            }
            for x in stride(from: 0, to: width, by: step) {
                columns.add(pixels, start: x, stride: width, count: height)
            }
            return BlurEffect(alongX: rows.measure, alongY: columns.measure)
        }
    }

    /// The variation of lines of pixels, as found and as lost to the average.
    private struct Variation {
        /// The sum of the absolute steps between neighbours.
        var found = 0
        /// The part of each step the average takes away (none where it adds).
        var lost = 0

        var measure: Double? { found == 0 ? nil : Double(found - lost) / Double(found) }

        /// One line: `count` pixels from `start`, `stride` apart. The average of `span` pixels
        /// around each (clamped at the line's ends), kept as sums to stay in integers.
        mutating func add(_ pixels: UnsafeBufferPointer<UInt8>, start: Int, stride: Int, count: Int) {
            let half = BlurEffect.span / 2
            @inline(__always) func at(_ index: Int) -> Int { Int(pixels[start + min(max(index, 0), count - 1) * stride]) }
            var window = 0
            for index in -half...half { window += at(index) }
            var previousPixel = at(0), previousSum = window
            for index in 1..<count {
                window += at(index + half) - at(index - half - 1)
                let pixel = at(index)
                let step = abs(pixel - previousPixel) * BlurEffect.span
                let averagedStep = abs(window - previousSum)
                found += step
                lost += max(0, step - averagedStep)
                previousPixel = pixel
                previousSum = window
            }
        }
    }
}
