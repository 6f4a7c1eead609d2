import ScryCore
import Testing

private func page(shift: Int = 0, noise: UInt8 = 0) -> GrayImage {
    var image = GrayImage(width: 320, height: 180, filledWith: 255)
    var seed: UInt32 = 7
    for y in 0..<180 {
        for x in 0..<320 {
            seed = seed &* 1_103_515_245 &+ 12345
            let jitter = noise == 0 ? 0 : UInt8(truncatingIfNeeded: seed >> 16) % noise
            // Text-like stripes: dark bands 8 px tall every 20 px, from x 40 to 280.
            let ink = (y + shift) % 20 < 8 && x >= 40 && x < 280
            image.pixels[y * 320 + x] = (ink ? 30 : 230) &+ jitter
        }
    }
    return image
}

@Test func sameSceneDespiteSensorNoise() {
    let still = ImageSignature(page())
    #expect(still.difference(from: still) == 0)
    #expect(still.isSameScene(as: ImageSignature(page(noise: 8))))
}

@Test func movedOrChangedPageIsANewScene() {
    let still = ImageSignature(page())
    #expect(!still.isSameScene(as: ImageSignature(page(shift: 10))))
    #expect(!still.isSameScene(as: ImageSignature(GrayImage(width: 320, height: 180, filledWith: 255))))
    #expect(!still.isSameScene(as: ImageSignature(GrayImage(width: 100, height: 100, filledWith: 255))))
}

@Test func emptyImageHasASignature() {
    let empty = ImageSignature(GrayImage(width: 0, height: 0, pixels: []))
    #expect(empty.cells.count == ImageSignature.columns * ImageSignature.rows)
}

@Test func blankImagesHoldNoInk() {
    #expect(ImageSignature(GrayImage(width: 1280, height: 720, filledWith: 200)).isBlank)
    #expect(ImageSignature(GrayImage(width: 0, height: 0, pixels: [])).isBlank)
    // A gentle lighting gradient and sensor noise are still blank.
    var lit = GrayImage(width: 320, height: 180, filledWith: 0)
    for y in 0..<180 { for x in 0..<320 { lit[x, y] = UInt8(120 + x / 8 + (x * 7 + y * 13) % 9) } }
    #expect(ImageSignature(lit).isBlank)
    // One dark stroke on it is not.
    for x in 100..<140 { lit[x, 90] = 20; lit[x, 91] = 20 }
    #expect(!ImageSignature(lit).isBlank)
}
