extension ColourImage {
    /// The upright picture of `frame` (turned by `orientation`), scaled by `scale` (at most 1)
    /// with each output pixel the average of up to 3x3 samples of the area it covers. GREY
    /// frames give gray colour, YUYV and YU12 are converted with the full-range BT.601
    /// coefficients of JPEG (`Frame(image:colour:...)` writes them so), RGB3 is averaged as it is. The result is
    /// `round(upright width * scale)` by `round(upright height * scale)`, at least 1x1.
    public init(reducing frame: Frame, orientation: ImageOrientation, scale: Double) throws(FrameConversionError) {
        precondition(scale > 0 && scale <= 1, "a reduction scale is in (0, 1]")
        guard let minimumLine = frame.pixelFormat.minimumBytesPerLine(width: frame.width) else {
            throw .unsupportedPixelFormat(frame.pixelFormat)
        }
        guard frame.width > 0, frame.height > 0, frame.bytesPerLine >= minimumLine else {
            throw .invalidGeometry(width: frame.width, height: frame.height, bytesPerLine: frame.bytesPerLine)
        }
        let format = frame.pixelFormat
        let stride = frame.bytesPerLine
        let needed = format == .yuv420
            ? format.maximumPayloadLength(bytesPerLine: stride, height: frame.height)!
            : stride * (frame.height - 1) + minimumLine
        guard frame.payload.count >= needed else {
            throw .payloadTooShort(expected: needed, actual: frame.payload.count)
        }
        let stored = ImageSize(width: frame.width, height: frame.height)
        let upright = orientation.uprightSize(of: stored)
        let outWidth = max(1, Int((Double(upright.width) * scale).rounded()))
        let outHeight = max(1, Int((Double(upright.height) * scale).rounded()))
        let step = (x: Double(upright.width) / Double(outWidth), y: Double(upright.height) / Double(outHeight))
        let samples = min(3, max(1, Int((1 / scale).rounded())))
        // Where a stored pixel's bytes are is a sum of a term of its column and a term of its
        // row, for every format; an upright axis maps to one stored axis. So each output
        // column's and row's samples are turned into those terms once, and a sample is two
        // table reads and an addition.
        let chromaOffset = stride * frame.height
        let chromaStride = (stride + 1) / 2
        let chromaPlane = chromaStride * ((frame.height + 1) / 2)
        func columnTerms(_ x: Int) -> (luma: Int, chroma: Int) {
            switch format {
            case .yuyv: (2 * x, 4 * (x >> 1) + 1)
            case .yuv420: (x, x >> 1)
            case .rgb24: (3 * x, 0)
            default: (x, 0)
            }
        }
        func rowTerms(_ y: Int) -> (luma: Int, chroma: Int) {
            switch format {
            case .yuyv: (y * stride, y * stride)
            case .yuv420: (y * stride, chromaOffset + (y >> 1) * chromaStride)
            default: (y * stride, 0)
            }
        }
        // Stored x depends on upright x alone and stored y on upright y alone, or (turned a
        // quarter) the other way round.
        let xSwapsToRows = orientation.swapsDimensions
        var columnLuma = [Int](), columnChroma = [Int]()
        for i in 0..<outWidth {
            for a in 0..<samples {
                let u = min(upright.width - 1, Int((Double(i) + (Double(a) + 0.5) / Double(samples)) * step.x))
                let p = orientation.storedPixel(forUpright: u, 0, storedSize: stored)
                let t = xSwapsToRows ? rowTerms(p.y) : columnTerms(p.x)
                columnLuma.append(t.luma)
                columnChroma.append(t.chroma)
            }
        }
        var rowLuma = [Int](), rowChroma = [Int]()
        for j in 0..<outHeight {
            for b in 0..<samples {
                let v = min(upright.height - 1, Int((Double(j) + (Double(b) + 0.5) / Double(samples)) * step.y))
                let p = orientation.storedPixel(forUpright: 0, v, storedSize: stored)
                let t = xSwapsToRows ? columnTerms(p.x) : rowTerms(p.y)
                rowLuma.append(t.luma)
                rowChroma.append(t.chroma)
            }
        }
        if format == .yuyv, orientation == .up, samples == 2, outWidth * 2 == frame.width, outHeight * 2 == frame.height {
            self = Self.halved(yuyv: frame)
            return
        }
        let count = Float(samples * samples)
        let secondChroma = format == .yuyv ? 2 : chromaPlane
        // The samples of each output pixel are summed as integers (exact, as a sum of bytes in
        // Float is) and converted once; each format has a loop of its own.
        let out = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 3) { target, initialized in
            initialized = outWidth * outHeight * 3
            frame.payload.withUnsafeBufferPointer { payload in
                columnLuma.withUnsafeBufferPointer { columnLuma in
                    columnChroma.withUnsafeBufferPointer { columnChroma in
                        rowLuma.withUnsafeBufferPointer { rowLuma in
                            rowChroma.withUnsafeBufferPointer { rowChroma in
                                guard let source = payload.baseAddress, let target = target.baseAddress else { return }
                                for j in 0..<outHeight {
                                    var o = j * outWidth * 3
                                    for i in 0..<outWidth {
                                        var first = 0, second = 0, third = 0
                                        for b in 0..<samples {
                                            let rl = rowLuma[j * samples + b], rc = rowChroma[j * samples + b]
                                            for a in 0..<samples {
                                                let luma = rl + columnLuma[i * samples + a]
                                                switch format {
                                                case .yuyv, .yuv420:
                                                    let chroma = rc + columnChroma[i * samples + a]
                                                    first += Int(source[luma])
                                                    second += Int(source[chroma])
                                                    third += Int(source[chroma + secondChroma])
                                                case .rgb24:
                                                    first += Int(source[luma])
                                                    second += Int(source[luma + 1])
                                                    third += Int(source[luma + 2])
                                                default:
                                                    first += Int(source[luma])
                                                }
                                            }
                                        }
                                        let y = Float(first) / count
                                        switch format {
                                        case .yuyv, .yuv420:
                                            let (cb, cr) = (Float(second) / count - 128, Float(third) / count - 128)
                                            target[o] = Self.clamped(y + 1.402 * cr)
                                            target[o + 1] = Self.clamped(y - 0.344136 * cb - 0.714136 * cr)
                                            target[o + 2] = Self.clamped(y + 1.772 * cb)
                                        case .rgb24:
                                            target[o] = Self.clamped(y)
                                            target[o + 1] = Self.clamped(Float(second) / count)
                                            target[o + 2] = Self.clamped(Float(third) / count)
                                        default:
                                            let gray = Self.clamped(y)
                                            target[o] = gray
                                            target[o + 1] = gray
                                            target[o + 2] = gray
                                        }
                                        o += 3
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.init(width: outWidth, height: outHeight, pixels: out)
    }

    /// An upright YUYV frame of even width and height halved each way, as the general loop
    /// above halves it (each output pixel the mean of a 2x2 block, whose two columns share one
    /// pair of chroma bytes a row), in one pass over the bytes: the live view's pictures,
    /// fifteen a second.
    private static func halved(yuyv frame: Frame) -> ColourImage {
        let outWidth = frame.width / 2, outHeight = frame.height / 2, stride = frame.bytesPerLine
        let pixels = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 3) { target, initialized in
            initialized = outWidth * outHeight * 3
            frame.payload.withUnsafeBufferPointer { payload in
                guard let source = payload.baseAddress, let target = target.baseAddress else { return }
                for j in 0..<outHeight {
                    let upper = source + 2 * j * stride, lower = upper + stride
                    var o = target + j * outWidth * 3
                    for i in 0..<outWidth {
                        let a = upper + 4 * i, b = lower + 4 * i
                        let y = Float(Int(a[0]) + Int(a[2]) + Int(b[0]) + Int(b[2])) / 4
                        let cb = Float(2 * (Int(a[1]) + Int(b[1]))) / 4 - 128
                        let cr = Float(2 * (Int(a[3]) + Int(b[3]))) / 4 - 128
                        o[0] = clamped(y + 1.402 * cr)
                        o[1] = clamped(y - 0.344136 * cb - 0.714136 * cr)
                        o[2] = clamped(y + 1.772 * cb)
                        o += 3
                    }
                }
            }
        }
        return ColourImage(width: outWidth, height: outHeight, pixels: pixels)
    }

    /// `value` rounded half away from zero (as `rounded()`), then clamped to 0...255. A Float
    /// plus 0.5 is exact in Double, so truncating it rounds as `rounded()` does for every value
    /// that is not clamped to 0 anyway, without a call into libm.
    @inline(__always)
    static func clamped(_ value: Float) -> UInt8 {
        UInt8(clamping: Int(Double(value) + 0.5))
    }
}

extension ColourImage {
    /// The blue-difference and red-difference chroma of a colour, full-range BT.601 (JPEG's),
    /// centred on 128.
    @inlinable
    public static func chroma(red: Float, green: Float, blue: Float) -> (cb: UInt8, cr: UInt8) {
        let cb = 128 - 0.168736 * red - 0.331264 * green + 0.5 * blue
        let cr = 128 + 0.5 * red - 0.418688 * green - 0.081312 * blue
        return (UInt8(max(0, min(255, cb.rounded()))), UInt8(max(0, min(255, cr.rounded()))))
    }

    /// One channel (0 red, 1 green, 2 blue) as a gray image.
    public func channel(_ index: Int) -> GrayImage {
        precondition((0..<3).contains(index), "a colour has three channels")
        var out = [UInt8](repeating: 0, count: width * height)
        for pixel in 0..<(width * height) { out[pixel] = pixels[pixel * 3 + index] }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// Three gray images as the red, green and blue of one colour image.
    public init(red: GrayImage, green: GrayImage, blue: GrayImage) {
        precondition(red.size == green.size && green.size == blue.size, "channels of different sizes")
        var out = [UInt8](repeating: 0, count: red.width * red.height * 3)
        for pixel in 0..<(red.width * red.height) {
            out[pixel * 3] = red.pixels[pixel]
            out[pixel * 3 + 1] = green.pixels[pixel]
            out[pixel * 3 + 2] = blue.pixels[pixel]
        }
        self.init(width: red.width, height: red.height, pixels: out)
    }

    /// This image fitted into `size` as `GrayImage.fitted(into:)` fits a gray one, channel by
    /// channel, on white.
    public func fitted(into size: ImageSize) -> ColourImage {
        ColourImage(red: channel(0).fitted(into: size), green: channel(1).fitted(into: size), blue: channel(2).fitted(into: size))
    }
}
