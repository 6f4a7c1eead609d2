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

/// Each cell is the mean of the pixels of every second row and column that fall in it, and
/// the image is blank when no cell's sampled pixels span `inkContrast`: for images whose size
/// the grid does not divide (cells of uneven width and height), narrower than the grid's
/// columns (cells without a sample), and a frame's.
@Test(arguments: [(203, 77, 256), (20, 9, 256), (1280, 720, 256), (203, 77, 40)])
func eachCellIsTheMeanOfItsSampledPixels(width: Int, height: Int, spread: Int) {
    let pixels = (0..<(width * height)).map { UInt8((($0 &* 2_654_435_761) >> 13) % spread) }
    let signature = ImageSignature(GrayImage(width: width, height: height, pixels: pixels))
    let cells = ImageSignature.columns * ImageSignature.rows
    var sums = [Int](repeating: 0, count: cells), counts = sums
    var low = [Int](repeating: 255, count: cells), high = [Int](repeating: 0, count: cells)
    for y in stride(from: 0, to: height, by: 2) {
        for x in stride(from: 0, to: width, by: 2) {
            let cell = y * ImageSignature.rows / height * ImageSignature.columns + x * ImageSignature.columns / width
            let value = Int(pixels[y * width + x])
            sums[cell] += value
            counts[cell] += 1
            low[cell] = min(low[cell], value)
            high[cell] = max(high[cell], value)
        }
    }
    #expect(signature.cells == zip(sums, counts).map { UInt8($1 == 0 ? 0 : $0 / $1) })
    #expect(signature.isBlank == !zip(low, high).contains { $1 - $0 >= ImageSignature.inkContrast })
}
