import ScryCore
import Testing

@Suite struct FrameColourReductionTests {
    /// A 4x2 colour image: red, green, blue, white over black, gray, yellow, cyan.
    let colour = ColourImage(width: 4, height: 2, pixels: [
        255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255,
        0, 0, 0, 128, 128, 128, 255, 255, 0, 0, 255, 255,
    ])

    func rgbFrame(_ image: ColourImage) -> Frame {
        Frame(
            sequence: 0, timestampNanoseconds: 0, pixelFormat: .rgb24, width: image.width, height: image.height,
            bytesPerLine: image.width * 3, payload: image.pixels)
    }

    @Test func anRGBFrameAtFullScaleIsItself() throws {
        #expect(try ColourImage(reducing: rgbFrame(colour), orientation: .up, scale: 1) == colour)
    }

    @Test func anRGBFrameIsGrayAsLeptonicaWeighsIt() throws {
        let gray = try GrayImage(frame: rgbFrame(colour))
        // 0.3 red, 0.5 green, 0.2 blue, rounded.
        #expect(gray.pixels == [77, 128, 51, 255, 0, 128, 204, 179])
    }

    @Test func halvingAveragesEachTwoByTwoBlock() throws {
        let half = try ColourImage(reducing: rgbFrame(colour), orientation: .up, scale: 0.5)
        #expect(half.size == ImageSize(width: 2, height: 1))
        // red, green, black, gray: (383/4, 383/4, 128/4); blue, white, yellow, cyan.
        #expect(half.pixels == [96, 96, 32, 128, 191, 191])
    }

    @Test func aTurnedFrameIsReducedUpright() throws {
        for orientation in ImageOrientation.allCases {
            // Store the upright colour image as `orientation` says, then reduce it back.
            let upright = colour.size
            let stored = orientation.swapsDimensions ? ImageSize(width: upright.height, height: upright.width) : upright
            var pixels = [UInt8](repeating: 0, count: colour.pixels.count)
            for v in 0..<upright.height {
                for u in 0..<upright.width {
                    let (x, y) = orientation.storedPixel(forUpright: u, v, storedSize: stored)
                    for channel in 0..<3 { pixels[(y * stored.width + x) * 3 + channel] = colour.pixels[(v * upright.width + u) * 3 + channel] }
                }
            }
            let frame = rgbFrame(ColourImage(width: stored.width, height: stored.height, pixels: pixels))
            #expect(try ColourImage(reducing: frame, orientation: orientation, scale: 1) == colour, "\(orientation)")
        }
    }

    @Test func yuyvAndYU12FramesKeepTheirColourAndTheirGray() throws {
        // Flat colours in 2x2 blocks, so chroma subsampling loses nothing.
        let blocks = ColourImage(width: 4, height: 2, pixels: [
            200, 40, 40, 200, 40, 40, 40, 160, 220, 40, 160, 220,
            200, 40, 40, 200, 40, 40, 40, 160, 220, 40, 160, 220,
        ])
        let gray = try GrayImage(frame: rgbFrame(blocks))
        for format in [PixelFormat.yuyv, .yuv420] {
            let frame = try Frame(image: gray, colour: blocks, pixelFormat: format, sequence: 0, timestampNanoseconds: 0)
            #expect(try GrayImage(frame: frame) == gray)
            let back = try ColourImage(reducing: frame, orientation: .up, scale: 1)
            // Leptonica's gray is not BT.601's luma, so colours come back near, not exact.
            for (a, b) in zip(back.pixels, blocks.pixels) { #expect(abs(Int(a) - Int(b)) <= 24, "\(format)") }
            #expect(back[0, 0].red > back[0, 0].blue + 100)
            #expect(back[2, 1].blue > back[2, 1].red + 100)
        }
    }

    /// A YUYV frame halved (the live view's pictures): each output pixel from the means of a
    /// 2x2 block's luma and of its chroma bytes, converted with full-range BT.601 and rounded
    /// half away from zero; the same from a frame whose lines are padded.
    @Test func aYUYVFrameHalvedIsEachBlocksMeanColour() throws {
        let width = 38, height = 22
        for padding in [0, 6] {
            let stride = 2 * width + padding
            let payload = (0..<(stride * height)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
            let frame = Frame(
                sequence: 0, timestampNanoseconds: 0, pixelFormat: .yuyv, width: width, height: height,
                bytesPerLine: stride, payload: payload)
            let half = try ColourImage(reducing: frame, orientation: .up, scale: 0.5)
            #expect(half.size == ImageSize(width: width / 2, height: height / 2))
            func rounded(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
            var expected: [UInt8] = []
            for j in 0..<(height / 2) {
                for i in 0..<(width / 2) {
                    let rows = [2 * j * stride + 4 * i, (2 * j + 1) * stride + 4 * i]
                    let y = Float(rows.map { Int(payload[$0]) + Int(payload[$0 + 2]) }.reduce(0, +)) / 4
                    let cb = Float(rows.map { 2 * Int(payload[$0 + 1]) }.reduce(0, +)) / 4 - 128
                    let cr = Float(rows.map { 2 * Int(payload[$0 + 3]) }.reduce(0, +)) / 4 - 128
                    expected += [rounded(y + 1.402 * cr), rounded(y - 0.344136 * cb - 0.714136 * cr), rounded(y + 1.772 * cb)]
                }
            }
            #expect(half.pixels == expected, "padding \(padding)")
            // Turned half a turn it goes the general way; the same pixels, in the other order.
            let stored = ImageSize(width: width, height: height)
            let turned = try ColourImage(reducing: frame, orientation: .down, scale: 0.5)
            var mismatches = 0
            for j in 0..<(height / 2) {
                for i in 0..<(width / 2) {
                    let u = width / 2 - 1 - i, v = height / 2 - 1 - j
                    if turned[u, v] != half[i, j] { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "padding \(padding), \(stored)")
        }
    }

    /// A YUYV frame's gray image is its Y bytes, every other byte of each line, whatever the
    /// width (eight pixels at a time, then the rest) and the lines' padding.
    @Test func aYUYVFramesGrayIsItsYBytes() throws {
        for (width, padding) in [(37, 0), (37, 10), (64, 0), (5, 2)] {
            let height = 3, stride = 2 * width + padding
            let payload = (0..<(stride * height)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 9) }
            let frame = Frame(
                sequence: 0, timestampNanoseconds: 0, pixelFormat: .yuyv, width: width, height: height,
                bytesPerLine: stride, payload: payload)
            let expected = (0..<height).flatMap { y in (0..<width).map { x in payload[y * stride + 2 * x] } }
            #expect(try GrayImage(frame: frame).pixels == expected, "\(width) wide, \(padding) padding")
        }
    }

    @Test func aGrayFrameIsGrayColour() throws {
        let gray = GrayImage(width: 2, height: 1, pixels: [10, 240])
        let frame = try Frame(image: gray, pixelFormat: .grey, sequence: 0, timestampNanoseconds: 0)
        #expect(try ColourImage(reducing: frame, orientation: .up, scale: 1).pixels == [10, 10, 10, 240, 240, 240])
    }

    @Test func aCompressedFrameCannotBeReduced() {
        let frame = Frame(sequence: 0, timestampNanoseconds: 0, pixelFormat: .mjpeg, width: 4, height: 2, bytesPerLine: 0, payload: [0xFF, 0xD8])
        #expect(throws: FrameConversionError.unsupportedPixelFormat(.mjpeg)) {
            try ColourImage(reducing: frame, orientation: .up, scale: 1)
        }
    }
}
