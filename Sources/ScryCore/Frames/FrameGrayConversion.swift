/// Why a frame could not be turned into a gray image.
public enum FrameConversionError: Error, Equatable, CustomStringConvertible {
    case unsupportedPixelFormat(PixelFormat)
    case payloadTooShort(expected: Int, actual: Int)
    case invalidGeometry(width: Int, height: Int, bytesPerLine: Int)

    public var description: String {
        switch self {
        case .unsupportedPixelFormat(let format):
            return "pixel format \(format) cannot be converted to gray (supported: GREY, YUYV, YU12, RGB3)"
        case .payloadTooShort(let expected, let actual):
            return "frame payload has \(actual) bytes, \(expected) needed"
        case .invalidGeometry(let width, let height, let bytesPerLine):
            return "frame geometry \(width)x\(height) with \(bytesPerLine) bytes per line is impossible"
        }
    }
}

extension GrayImage {
    /// The luminance of a GREY, YUYV, YU12 or RGB3 frame: an unpadded GREY frame's payload is
    /// shared as it is, GREY with padding and YU12's Y plane are copied line by line, YUYV keeps
    /// the Y byte of each pixel (bytes 0 and 2 of every 4), which is exactly the gray image, with
    /// no colour arithmetic. RGB3 is weighted as Leptonica weighs it when it reads a colour image
    /// as gray (`rgbLuminance`), so a colour image file gives the same gray image either way.
    /// Line padding (`bytesPerLine` beyond the pixels) is dropped.
    public init(frame: Frame) throws(FrameConversionError) {
        guard let minimumLine = frame.pixelFormat.minimumBytesPerLine(width: frame.width) else {
            throw .unsupportedPixelFormat(frame.pixelFormat)
        }
        guard frame.width > 0, frame.height > 0, frame.bytesPerLine >= minimumLine else {
            throw .invalidGeometry(
                width: frame.width, height: frame.height, bytesPerLine: frame.bytesPerLine)
        }
        let needed = frame.bytesPerLine * (frame.height - 1) + minimumLine
        guard frame.payload.count >= needed else {
            throw .payloadTooShort(expected: needed, actual: frame.payload.count)
        }
        let width = frame.width
        let height = frame.height
        let stride = frame.bytesPerLine
        // An unpadded GREY frame is its gray image already: shared, not copied.
        if frame.pixelFormat == .grey, stride == width, frame.payload.count == width * height {
            self.init(width: width, height: height, pixels: frame.payload)
            return
        }
        // Every pixel is written below, so the bytes start uninitialized (not zeroed first).
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { target, initialized in
            frame.payload.withUnsafeBufferPointer { source in
                if frame.pixelFormat == .rgb24 {
                    for y in 0..<height {
                        let row = y * stride
                        let out = y * width
                        for x in 0..<width {
                            let p = row + 3 * x
                            target[out + x] = Self.rgbLuminance(source[p], source[p + 1], source[p + 2])
                        }
                    }
                } else if frame.pixelFormat != .yuyv {
                    for y in 0..<height {
                        let from = source.baseAddress! + y * stride
                        (target.baseAddress! + y * width).initialize(from: from, count: width)
                    }
                } else {
                    // The Y bytes, eight pixels (16 bytes) at a time: the even half of each 16.
                    let from = UnsafeRawPointer(source.baseAddress!), to = UnsafeMutableRawPointer(target.baseAddress!)
                    for y in 0..<height {
                        let row = from + y * stride, out = to + y * width
                        var x = 0
                        while x + 8 <= width {
                            let pairs = row.loadUnaligned(fromByteOffset: 2 * x, as: SIMD16<UInt8>.self)
                            out.storeBytes(of: pairs.evenHalf, toByteOffset: x, as: SIMD8<UInt8>.self)
                            x += 8
                        }
                        while x < width {
                            out.storeBytes(of: row.load(fromByteOffset: 2 * x, as: UInt8.self), toByteOffset: x, as: UInt8.self)
                            x += 1
                        }
                    }
                }
            }
            initialized = width * height
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}

extension GrayImage {
    /// The gray value of a colour pixel as Leptonica's `pixConvertRGBToLuminance` computes it:
    /// 0.3 red, 0.5 green, 0.2 blue in single precision, rounded.
    @inlinable
    public static func rgbLuminance(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let sum = Float(0.3) * Float(red) + Float(0.5) * Float(green) + Float(0.2) * Float(blue)
        return UInt8(min(255, Int(Double(sum) + 0.5)))
    }
}

extension Frame {
    /// A frame holding `image` as its luminance and `colour`'s chroma (full-range BT.601, each
    /// pair of pixels averaged for YUYV, each 2x2 block for YU12): how a colour image becomes a
    /// YUYV or YU12 frame whose gray image is still `image`. Other formats hold `image` alone.
    public init(
        image: GrayImage, colour: ColourImage, pixelFormat: PixelFormat, sequence: UInt64, timestampNanoseconds: UInt64
    ) throws(FrameConversionError) {
        precondition(image.size == colour.size, "the gray image and the colour differ in size")
        try self.init(image: image, pixelFormat: pixelFormat, sequence: sequence, timestampNanoseconds: timestampNanoseconds)
        let width = image.width, height = image.height
        func average(_ points: [(Int, Int)]) -> (cb: UInt8, cr: UInt8) {
            var sum: (Float, Float, Float) = (0, 0, 0)
            var count: Float = 0
            for (x, y) in points where x < width && y < height {
                let pixel = colour[x, y]
                sum.0 += Float(pixel.red)
                sum.1 += Float(pixel.green)
                sum.2 += Float(pixel.blue)
                count += 1
            }
            return ColourImage.chroma(red: sum.0 / count, green: sum.1 / count, blue: sum.2 / count)
        }
        switch pixelFormat {
        case .yuyv:
            for y in 0..<height {
                for x in stride(from: 0, to: width, by: 2) {
                    let (cb, cr) = average([(x, y), (x + 1, y)])
                    let pair = y * bytesPerLine + 2 * x
                    payload[pair + 1] = cb
                    if pair + 3 < payload.count { payload[pair + 3] = cr }
                }
            }
        case .yuv420:
            let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
            let planeU = width * height
            let planeV = planeU + chromaWidth * chromaHeight
            for y in 0..<chromaHeight {
                for x in 0..<chromaWidth {
                    let (cb, cr) = average([(2 * x, 2 * y), (2 * x + 1, 2 * y), (2 * x, 2 * y + 1), (2 * x + 1, 2 * y + 1)])
                    payload[planeU + y * chromaWidth + x] = cb
                    payload[planeV + y * chromaWidth + x] = cr
                }
            }
        default:
            break
        }
    }

    /// A frame holding `image` in the given raw format: GREY as is, YUYV and YU12 with the image
    /// as their Y plane and neutral chroma (128). Used to build dumps from still images.
    public init(
        image: GrayImage, pixelFormat: PixelFormat, sequence: UInt64, timestampNanoseconds: UInt64
    ) throws(FrameConversionError) {
        var payload: [UInt8]
        switch pixelFormat {
        case .grey:
            payload = image.pixels
        case .yuyv:
            payload = [UInt8](repeating: 128, count: image.pixels.count * 2)
            for index in image.pixels.indices { payload[2 * index] = image.pixels[index] }
        case .yuv420:
            let length = pixelFormat.maximumPayloadLength(bytesPerLine: image.width, height: image.height)!
            payload = image.pixels + [UInt8](repeating: 128, count: length - image.pixels.count)
        default:
            throw .unsupportedPixelFormat(pixelFormat)
        }
        self.init(
            sequence: sequence, timestampNanoseconds: timestampNanoseconds,
            pixelFormat: pixelFormat, width: image.width, height: image.height,
            bytesPerLine: pixelFormat.minimumBytesPerLine(width: image.width)!, payload: payload)
    }
}
