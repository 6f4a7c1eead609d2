import ScryBarcode
import ScryCore
import Testing

/// Four levels close together, equally common, spread to the whole range; their order stays.
@Test func equalizingSpreadsFewLevelsOverTheRange() {
    let image = GrayImage(width: 4, height: 2, pixels: [100, 101, 102, 103, 103, 102, 101, 100])
    #expect(image.equalized().pixels == [0, 85, 170, 255, 255, 170, 85, 0])
    // A uniform image has nothing to spread.
    #expect(GrayImage(width: 3, height: 3, filledWith: 40).equalized() == GrayImage(width: 3, height: 3, filledWith: 40))
}

@Test func invertingSwapsLightAndDark() {
    let image = GrayImage(width: 3, height: 2, pixels: [0, 1, 127, 128, 254, 255])
    let inverted = image.inverted()
    #expect(inverted.pixels == [255, 254, 128, 127, 1, 0])
    #expect(inverted.width == 3 && inverted.height == 2)
    #expect(inverted.inverted() == image)
}

/// Smoothing by [1 w 1] / (w + 2): each pixel weighed with its neighbours, the edges repeated,
/// rounded; both ways, the columns after the rows, rounded once.
@Test func smoothingWeighsEachPixelWithItsNeighbours() {
    let image = GrayImage(width: 3, height: 2, pixels: [0, 80, 160, 40, 120, 200])
    // Row 0 by [1 6 1]: (7*0 + 80)/8 = 10, (0 + 480 + 160)/8 = 80, (80 + 7*160)/8 = 150.
    #expect(image.smoothedAlongRows().pixels == [10, 80, 150, 50, 120, 190])
    // [1 2 1] rows: 20, 80, 140 and 60, 120, 180; columns: (3*20 + 60)/4 = 30, then 50.
    #expect(image.smoothedBothWays().pixels == [30, 90, 150, 50, 110, 170])
    #expect(image.smoothedAlongRows(centreWeight: 2).pixels == [20, 80, 140, 60, 120, 180])
    // A flat image stays flat, white too (the widest kernel's sums are the largest).
    let white = GrayImage(width: 4, height: 3, filledWith: 255)
    #expect(white.smoothedBothWays(centreWeight: 14) == white)
    #expect(white.smoothedAlongRows(centreWeight: 14) == white)
    // A sharp edge stays where it was: dark pixels stay under the middle, light ones over it.
    let edge = GrayImage(width: 6, height: 1, pixels: [0, 0, 255, 255, 0, 0])
    #expect(edge.smoothedAlongRows(centreWeight: 2).pixels.map { $0 > 128 } == [false, false, true, true, false, false])
    #expect(GrayImage(width: 0, height: 0, pixels: []).smoothedBothWays().pixels.isEmpty)
    #expect(GrayImage(width: 1, height: 1, pixels: [77]).smoothedBothWays().pixels == [77])
}
