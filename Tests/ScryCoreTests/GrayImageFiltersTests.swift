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
