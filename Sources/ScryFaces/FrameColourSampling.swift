import ScryCore

/// Reads the colour of a frame at any point of its upright picture, between pixels
/// (bilinear), for a detector that crops turned regions (the face mesh's face crops). GREY is
/// gray colour, YUYV and YU12 full-range BT.601 (as `ColourImage(reducing:...)` reads them),
/// RGB3 as it is.
public struct FrameColourSampler {
    public let frame: Frame
    public let orientation: ImageOrientation
    /// The upright picture's size.
    public let uprightSize: ImageSize
    private let stored: ImageSize

    /// Throws for a compressed format or a frame whose payload is shorter than its geometry.
    public init(frame: Frame, orientation: ImageOrientation) throws(FrameConversionError) {
        guard let minimumLine = frame.pixelFormat.minimumBytesPerLine(width: frame.width) else {
            throw .unsupportedPixelFormat(frame.pixelFormat)
        }
        guard frame.width > 0, frame.height > 0, frame.bytesPerLine >= minimumLine else {
            throw .invalidGeometry(width: frame.width, height: frame.height, bytesPerLine: frame.bytesPerLine)
        }
        let needed = frame.pixelFormat == .yuv420
            ? frame.pixelFormat.maximumPayloadLength(bytesPerLine: frame.bytesPerLine, height: frame.height)!
            : frame.bytesPerLine * (frame.height - 1) + minimumLine
        guard frame.payload.count >= needed else { throw .payloadTooShort(expected: needed, actual: frame.payload.count) }
        self.frame = frame
        self.orientation = orientation
        stored = ImageSize(width: frame.width, height: frame.height)
        uprightSize = orientation.uprightSize(of: stored)
    }

    /// The colour at upright pixel coordinates (`x`, `y`) (pixel centres at half-integers'
    /// neighbours: pixel (i, j) covers x in i...i+1), red, green and blue 0...255; points
    /// outside the picture take the nearest edge pixel. One point of `fillGrid`.
    public func colour(atX x: Double, y: Double) -> (red: Float, green: Float, blue: Float) {
        var one = [Float](repeating: 0, count: 3)
        let none = PixelPoint(x: 0, y: 0)
        fillGrid(&one, side: 1, origin: PixelPoint(x: x, y: y), columnStep: none, rowStep: none, scale: 1)
        return (one[0], one[1], one[2])
    }

    /// Fills `target` with a `side` x `side` grid of colours, red, green and blue of each point
    /// in turn, each times `scale`: grid point (i, j) is read at `origin + i * columnStep +
    /// j * rowStep` (upright pixel coordinates), between pixels as `colour(atX:y:)` reads it.
    /// A turned crop of the picture, for a model's input.
    public func fillGrid(
        _ target: inout [Float], side: Int, origin: PixelPoint, columnStep: PixelPoint, rowStep: PixelPoint, scale: Float
    ) {
        precondition(target.count >= side * side * 3, "the target is smaller than the grid")
        let width = uprightSize.width, height = uprightSize.height
        let stride = frame.bytesPerLine
        let format = frame.pixelFormat
        let chromaStride = (stride + 1) / 2
        let chromaU = stride * frame.height
        let chromaV = chromaU + chromaStride * ((frame.height + 1) / 2)
        let yuv = isYUV
        let orientation = orientation, stored = stored
        frame.payload.withUnsafeBufferPointer { payload in
            target.withUnsafeMutableBufferPointer { out in
                @inline(__always) func pixel(_ u: Int, _ v: Int) -> (Float, Float, Float) {
                    let (x, y) = orientation.storedPixel(
                        forUpright: min(max(u, 0), width - 1), min(max(v, 0), height - 1), storedSize: stored)
                    switch format {
                    case .rgb24:
                        let p = y * stride + 3 * x
                        return (Float(payload[p]), Float(payload[p + 1]), Float(payload[p + 2]))
                    case .yuyv:
                        let pair = y * stride + 4 * (x >> 1)
                        return (Float(payload[y * stride + 2 * x]), Float(payload[pair + 1]), Float(payload[pair + 3]))
                    case .yuv420:
                        let chroma = (y >> 1) * chromaStride + (x >> 1)
                        return (Float(payload[y * stride + x]), Float(payload[chromaU + chroma]), Float(payload[chromaV + chroma]))
                    default:
                        let g = Float(payload[y * stride + x])
                        return (g, g, g)
                    }
                }
                for j in 0..<side {
                    for i in 0..<side {
                        let fx = origin.x + Double(i) * columnStep.x + Double(j) * rowStep.x - 0.5
                        let fy = origin.y + Double(i) * columnStep.y + Double(j) * rowStep.y - 0.5
                        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
                        let a = pixel(x0, y0), b = pixel(x0 + 1, y0), c = pixel(x0, y0 + 1), d = pixel(x0 + 1, y0 + 1)
                        let wa = (1 - ax) * (1 - ay), wb = ax * (1 - ay), wc = (1 - ax) * ay, wd = ax * ay
                        var first = a.0 * wa + b.0 * wb + c.0 * wc + d.0 * wd
                        var second = a.1 * wa + b.1 * wb + c.1 * wc + d.1 * wd
                        var third = a.2 * wa + b.2 * wb + c.2 * wc + d.2 * wd
                        if yuv { (first, second, third) = Self.rgb(first, second, third) }
                        let o = (j * side + i) * 3
                        out[o] = first * scale
                        out[o + 1] = second * scale
                        out[o + 2] = third * scale
                    }
                }
            }
        }
    }

    private var isYUV: Bool { frame.pixelFormat == .yuyv || frame.pixelFormat == .yuv420 }

    private static func rgb(_ luma: Float, _ cb: Float, _ cr: Float) -> (red: Float, green: Float, blue: Float) {
        let (b, r) = (cb - 128, cr - 128)
        return (
            max(0, min(255, luma + 1.402 * r)), max(0, min(255, luma - 0.344136 * b - 0.714136 * r)),
            max(0, min(255, luma + 1.772 * b))
        )
    }
}
