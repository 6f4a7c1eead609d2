import ScryCore
import Testing

/// Four levels close together, equally common, spread to the whole range; their order stays.
@Test func equalizingSpreadsFewLevelsOverTheRange() {
    let image = GrayImage(width: 4, height: 2, pixels: [100, 101, 102, 103, 103, 102, 101, 100])
    #expect(image.equalized().pixels == [0, 85, 170, 255, 255, 170, 85, 0])
    // A uniform image has nothing to spread.
    #expect(GrayImage(width: 3, height: 3, filledWith: 40).equalized() == GrayImage(width: 3, height: 3, filledWith: 40))
}
