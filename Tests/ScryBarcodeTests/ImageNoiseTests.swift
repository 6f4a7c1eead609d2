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
