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
