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
