import ScryBarcode
import ScryCore
import ScryTestSupport
import Testing

/// A page-like 320x240 image: light paper, a gradient of shading, dark bars 2 to 6 pixels wide
/// and a dark square, with no noise.
private func sharpScene() -> GrayImage {
    var image = GrayImage(width: 320, height: 240, filledWith: 0)
    for y in 0..<240 {
        for x in 0..<320 {
            let shade = 200 + x / 8
            let bar = x >= 20 && x < 300 && y >= 30 && y < 110 && (x / (2 + (x / 70))) % 2 == 0
            let square = x >= 100 && x < 180 && y >= 140 && y < 220
            image[x, y] = UInt8(bar || square ? 30 : shade)
        }
    }
    return image
}

/// The estimate finds the sigma of noise added to a flat image and to a scene full of edges,
/// which the mask does not cancel but the median leaves out.
@Test(arguments: [2.0, 4.0, 8.0])
func theNoiseEstimateFindsTheSigmaAdded(sigma: Double) {
    let flat = GrayImage(width: 320, height: 240, filledWith: 128).withGaussianNoise(sigma: sigma, seed: 1)
    #expect(abs(flat.noiseSigma() - sigma) <= 0.1 * sigma + 0.3, "flat: \(flat.noiseSigma())")
    let scene = sharpScene().withGaussianNoise(sigma: sigma, seed: 2)
    #expect(abs(scene.noiseSigma() - sigma) <= 0.1 * sigma + 0.3, "scene: \(scene.noiseSigma())")
}

@Test func aCleanImageHasNoNoise() {
    #expect(GrayImage(width: 64, height: 64, filledWith: 90).noiseSigma() == 0)
    #expect(sharpScene().noiseSigma() < 0.5)
    #expect(GrayImage(width: 2, height: 50, filledWith: 0).noiseSigma() == 0)
}

/// The estimate is the median of the mask's magnitudes over every eighth row, worked out here
/// the plain way: on pictures from flat to all extremes (the largest responses, 16 * 255).
@Test(arguments: [0.0, 3.0, 30.0, 200.0])
func theNoiseEstimateIsTheMaskMedian(sigma: Double) {
    var image = sharpScene().withGaussianNoise(sigma: sigma, seed: 3)
    if sigma > 100 { image.pixels = image.pixels.map { $0 < 128 ? 0 : 255 } }
    var magnitudes: [Int] = []
    for y in stride(from: 1, to: image.height - 1, by: 8) {
        for x in 1..<(image.width - 1) {
            let corners = Int(image[x - 1, y - 1]) + Int(image[x + 1, y - 1]) + Int(image[x - 1, y + 1]) + Int(image[x + 1, y + 1])
            let sides = Int(image[x, y - 1]) + Int(image[x, y + 1]) + Int(image[x - 1, y]) + Int(image[x + 1, y])
            magnitudes.append(abs(corners - 2 * sides + 4 * Int(image[x, y])))
        }
    }
    magnitudes.sort()
    // The smallest magnitude with at least half the responses at or below it.
    let median = magnitudes[(magnitudes.count + 1) / 2 - 1]
    #expect(image.noiseSigma() == Double(median) / 0.6745 / 6)
}
