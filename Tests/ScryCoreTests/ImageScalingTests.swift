import Testing
import ScryCore

@Test func fittingCentresAndAveragesWhenShrinking() {
    // A 4x2 image of two 2x2 blocks fits a 4x4 canvas as it is (never enlarged), centred.
    let image = GrayImage(width: 4, height: 2, pixels: [0, 0, 200, 200, 0, 0, 200, 200])
    let fitted = image.fitted(into: ImageSize(width: 4, height: 4))
    #expect(fitted.pixels == [255, 255, 255, 255, 0, 0, 200, 200, 0, 0, 200, 200, 255, 255, 255, 255])
    let shrunk = image.fitted(into: ImageSize(width: 2, height: 2))
    // Into 2x2 it shrinks to 2x1, each pixel the mean of a 2x2 block, on the top row.
    #expect(shrunk.pixels == [0, 200, 255, 255])
}

/// Shrinking by whole factors averages each block of pixels, rounding down, as the general
/// area average does.
@Test func shrinkingByWholeFactorsAveragesEachBlock() {
    let image = GrayImage(width: 6, height: 4, pixels: (0..<24).map { UInt8($0 * 10) })
    let shrunk = image.resampled(width: 2, height: 2)
    // Block (0, 0): pixels 0, 1, 2, 6, 7, 8 (x10) average to 40; block (1, 1): 15..17, 21..23.
    #expect(shrunk.pixels == [40, 70, 160, 190])
    #expect(image.resampled(width: 3, height: 1).pixels == [95, 115, 135])
    #expect(image.resampled(width: 6, height: 4) == image)
}

/// Whole-factor shrinking rounds each block's mean down exactly, for the live lane's shapes
/// and for the largest blocks it divides by a fixed-point reciprocal (64x64 of white, whose
/// sum is the largest there is).
@Test func shrinkingByWholeFactorsRoundsDownExactly() {
    let width = 384, height = 192
    let pixels = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 / 13) }
    let image = GrayImage(width: width, height: height, pixels: pixels)
    for (fx, fy) in [(1, 3), (6, 1), (2, 2), (3, 3), (12, 1), (64, 64)] {
        let shrunk = image.resampled(width: width / fx, height: height / fy)
        var expected: [UInt8] = []
        for y in 0..<(height / fy) {
            for x in 0..<(width / fx) {
                var sum = 0
                for row in (y * fy)..<(y * fy + fy) {
                    for column in (x * fx)..<(x * fx + fx) { sum += Int(pixels[row * width + column]) }
                }
                expected.append(UInt8(sum / (fx * fy)))
            }
        }
        #expect(shrunk.pixels == expected, "\(fx)x\(fy)")
    }
    let white = GrayImage(width: 128, height: 64, filledWith: 255)
    #expect(white.resampled(width: 2, height: 1).pixels == [255, 255])
    let almostWhite = GrayImage(width: 64, height: 64, pixels: [254] + [UInt8](repeating: 255, count: 4095))
    #expect(almostWhite.resampled(width: 1, height: 1).pixels == [254])
}

/// Every block average (in 16 bits for up to 16 rows, in 32 up to 64 pixels a block, in 64
/// beyond) is the block's sum divided and rounded down, the pixels past the last whole block
/// left out: on pixels drawn so that some blocks are all 255 (the largest sums) and others all 0.
@Test(arguments: [(1, 3), (6, 1), (1, 6), (1, 16), (1, 17), (2, 2), (8, 8), (3, 7), (13, 5), (16, 16), (64, 1), (1, 65)])
func blockAveragesAreTheFlooredMeans(_ block: (Int, Int)) {
    let (fx, fy) = block
    let width = 5 * fx + fx / 2 + 1, height = 4 * fy + 1
    let pixels = (0..<(width * height)).map { index -> UInt8 in
        let (x, y) = (index % width, index / width)
        switch (x / fx + y / fy) % 3 {
        case 0: return 255
        case 1: return 0
        default: return UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 9)
        }
    }
    let image = GrayImage(width: width, height: height, pixels: pixels)
    let averaged = image.blockAveraged(by: fx, fy)
    #expect(averaged.width == width / fx && averaged.height == height / fy)
    var expected: [UInt8] = []
    for by in 0..<(height / fy) {
        for bx in 0..<(width / fx) {
            var sum = 0
            for y in (by * fy)..<(by * fy + fy) { for x in (bx * fx)..<(bx * fx + fx) { sum += Int(pixels[y * width + x]) } }
            expected.append(UInt8(sum / (fx * fy)))
        }
    }
    #expect(averaged.pixels == expected)
}
