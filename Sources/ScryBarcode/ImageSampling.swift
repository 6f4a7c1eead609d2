import ScryCore

/// Which image a reader looks at: the image itself, or lines of it averaged together. Averaging
/// n lines into one keeps what a scan line across bars sees (the bars run across the lines)
/// and takes sensor noise down by about the square root of n, so linear codes and PDF417 read
/// more often on noisy frames, for about 1/n of the reader's work.
public enum ImageSampling: Sendable, Equatable {
    /// Every pixel, as the image is.
    case everyPixel
    /// Every pixel, the image turned a quarter, clockwise or not (`GrayImage.turnedUpright`). For
    /// readers that find a code in one orientation only (zxing-cpp's Data Matrix without
    /// tryRotate).
    case turned(clockwise: Bool)
    /// Every pixel, light and dark swapped: for white-on-black codes (a QR code on a phone in
    /// dark mode, a Data Matrix etched into metal).
    case inverted
    /// Every n pixel rows averaged into one: the image squeezed to 1/n of its height, for
    /// codes whose bars stand upright (a PDF417's rows, three modules tall, keep their look).
    case rowsAveraged(Int)
    /// Every n pixel columns averaged into one, the result turned a quarter clockwise so
    /// those columns become rows: for codes whose bars lie flat.
    case columnsAveragedTurned(Int)

    /// How many lines are averaged into one (1 for every pixel).
    var count: Int {
        switch self {
        case .everyPixel, .turned, .inverted: return 1
        case .rowsAveraged(let n), .columnsAveragedTurned(let n): return max(1, n)
        }
    }

    /// The image a reader is given, turned where the sampling turns it. The turn is made here
    /// in tiles (`GrayImage.turnedUpright`) rather than by zxing-cpp, whose copy of a turned
    /// view walks the source a column at a time: the live lane's turned pass on a 1280x720
    /// frame takes about a tenth less time so (docs/barcode-benchmark.md).
    func sampled(_ image: GrayImage) -> GrayImage {
        switch self {
        case .everyPixel: return image
        case .turned(let clockwise): return image.turnedUpright(from: clockwise ? .right : .left)
        case .inverted: return image.inverted()
        case .rowsAveraged: return image.blockAveraged(by: 1, count)
        case .columnsAveragedTurned: return image.blockAveraged(by: count, 1).turnedUpright(from: .right)
        }
    }

    /// A point in the pixel space of the image the reader saw (turned, for `turned` and
    /// `columnsAveragedTurned`), in the pixel space of the original image, of `imageWidth` x
    /// `imageHeight`: the middle of the lines averaged.
    func pointInImage(_ point: PixelPoint, imageWidth: Int, imageHeight: Int) -> PixelPoint {
        let n = Double(count)
        switch self {
        case .everyPixel, .inverted:
            return point
        case .turned(clockwise: true):
            // The turned image's row y' is image column y'; its column x' is image row h - x'.
            return PixelPoint(x: point.y, y: Double(imageHeight) - point.x)
        case .turned(clockwise: false):
            // Its row y' is image column w - y' (w: the image's width); its column x' is image
            // row x'.
            return PixelPoint(x: Double(imageWidth) - point.y, y: point.x)
        case .rowsAveraged:
            return PixelPoint(x: point.x, y: point.y * n + n / 2)
        case .columnsAveragedTurned:
            // The turned image's row y' is averaged column y'; its column x' is image row h - x'.
            return PixelPoint(x: point.y * n + n / 2, y: Double(imageHeight) - point.x)
        }
    }
}
