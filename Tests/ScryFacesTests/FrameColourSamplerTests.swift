import ScryCore
import ScryFaces
import Testing

@Suite struct FrameColourSamplerTests {
    @Test func pixelCentresGiveTheirColourAndPointsBetweenMix() throws {
        let colour = ColourImage(width: 2, height: 1, pixels: [0, 100, 200, 100, 200, 0])
        let frame = Frame(
            sequence: 0, timestampNanoseconds: 0, pixelFormat: .rgb24, width: 2, height: 1, bytesPerLine: 6,
            payload: colour.pixels)
        let sampler = try FrameColourSampler(frame: frame, orientation: .up)
        let first = sampler.colour(atX: 0.5, y: 0.5)
        #expect(first.red == 0 && first.green == 100 && first.blue == 200)
        let between = sampler.colour(atX: 1, y: 0.5)
        #expect(between.red == 50 && between.green == 150 && between.blue == 100)
        // Outside, the nearest edge.
        let outside = sampler.colour(atX: 9, y: -3)
        #expect(outside.red == 100 && outside.green == 200 && outside.blue == 0)
    }

    @Test func aTurnedFrameIsSampledUpright() throws {
        // Stored 1x2 (a column), upright 2x1 with orientation .right or .left.
        let frame = Frame(
            sequence: 0, timestampNanoseconds: 0, pixelFormat: .grey, width: 1, height: 2, bytesPerLine: 1, payload: [10, 250])
        for orientation in [ImageOrientation.right, .left] {
            let sampler = try FrameColourSampler(frame: frame, orientation: orientation)
            #expect(sampler.uprightSize == ImageSize(width: 2, height: 1))
            let (x, y) = orientation.storedPixel(forUpright: 0, 0, storedSize: ImageSize(width: 1, height: 2))
            #expect(sampler.colour(atX: 0.5, y: 0.5).red == Float(frame.payload[y * 1 + x]))
        }
    }
}
