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
