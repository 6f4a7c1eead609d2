/// Why a frame could not be turned into a gray image.
public enum FrameConversionError: Error, Equatable, CustomStringConvertible {
    case unsupportedPixelFormat(PixelFormat)
    case payloadTooShort(expected: Int, actual: Int)
    case invalidGeometry(width: Int, height: Int, bytesPerLine: Int)

    public var description: String {
        switch self {
        case .unsupportedPixelFormat(let format):
            return "pixel format \(format) cannot be converted to gray (supported: GREY, YUYV, YU12)"
        case .payloadTooShort(let expected, let actual):
            return "frame payload has \(actual) bytes, \(expected) needed"
        case .invalidGeometry(let width, let height, let bytesPerLine):
            return "frame geometry \(width)x\(height) with \(bytesPerLine) bytes per line is impossible"
        }
    }
}

extension GrayImage {
    /// The luminance of a GREY, YUYV or YU12 frame: an unpadded GREY frame's payload is shared as
    /// it is, GREY with padding and YU12's Y plane are copied line by line, YUYV keeps the Y byte of each pixel (bytes 0 and 2 of every 4), which is exactly
    /// the gray image, with no colour arithmetic. Line padding (`bytesPerLine` beyond the pixels) is dropped.
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
        var pixels = [UInt8](repeating: 0, count: width * height)
        frame.payload.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                if frame.pixelFormat != .yuyv {
                    for y in 0..<height {
                        let from = source.baseAddress! + y * stride
                        (target.baseAddress! + y * width).update(from: from, count: width)
                    }
                } else {
                    for y in 0..<height {
                        let row = y * stride
                        let out = y * width
                        for x in 0..<width { target[out + x] = source[row + 2 * x] }
                    }
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}

extension Frame {
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
