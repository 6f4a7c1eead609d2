import ScryCore
import Testing

/// A 7x5 image whose pixels vary irregularly.
private let uneven = GrayImage(width: 7, height: 5, pixels: (0..<35).map { UInt8(($0 * 73 + 11) % 256) })

/// Enlarging to twice the size by the general path gives what the whole-factor path gives.
@Test func enlargingToTwiceTheSizeMatchesTheWholeFactor() {
    #expect(uneven.enlargedBicubic(toWidth: 14, height: 10) == uneven.enlargedBicubic(by: 2))
}

/// One and a half times: the size is right, a uniform image stays uniform, and a ramp inside
/// the image stays a ramp (Keys' kernel reproduces straight lines).
@Test func enlargingByOneAndAHalfKeepsUniformAreasAndRamps() {
    #expect(GrayImage(width: 6, height: 4, filledWith: 90).enlargedBicubic(toWidth: 9, height: 6)
        == GrayImage(width: 9, height: 6, filledWith: 90))
    let ramp = GrayImage(width: 8, height: 2, pixels: (0..<16).map { UInt8(($0 % 8) * 20) })
    let enlarged = ramp.enlargedBicubic(toWidth: 12, height: 3)
    #expect(enlarged.width == 12 && enlarged.height == 3)
    // Output x samples source x' = (x + 0.5) * 8 / 12 - 0.5; away from the edges the value is 20 x'.
    for x in 3..<9 {
        let expected = ((Double(x) + 0.5) * 8 / 12 - 0.5) * 20
        #expect(abs(Double(enlarged[x, 1]) - expected) <= 0.5, "x \(x)")
    }
    #expect(uneven.enlargedBicubic(toWidth: 7, height: 5) == uneven)
}

/// Bicubic enlargement as it is defined: each output column's four source taps (edges
/// repeated) weighted by Keys' kernel at its phase and summed in tap order in floats, then the
/// same down each column, rounded once.
private func enlargedByDefinition(_ image: GrayImage, factor: Int) -> GrayImage {
    let width = image.width, height = image.height, newWidth = width * factor, newHeight = height * factor
    func taps(_ index: Int) -> (first: Int, weights: [Float]) {
        let position = (Double(index % factor) + 0.5) / Double(factor) - 0.5
        let base = Int(position.rounded(.down))
        return (index / factor + base - 1, (-1...2).map { Float(GrayImage.keys(Double($0) - (position - Double(base)))) })
    }
    let rows = (0..<height).flatMap { y in
        (0..<newWidth).map { x in
            let (first, weights) = taps(x)
            return (0..<4).reduce(Float(0)) { $0 + weights[$1] * Float(image[min(width - 1, max(0, first + $1)), y]) }
        }
    }
    return GrayImage(width: newWidth, height: newHeight, pixels: (0..<newHeight).flatMap { y in
        (0..<newWidth).map { x in
            let (first, weights) = taps(y)
            let sum = (0..<4).reduce(Float(0)) { $0 + weights[$1] * rows[min(height - 1, max(0, first + $1)) * newWidth + x] }
            return UInt8(min(255, max(0, sum.rounded())))
        }
    })
}

/// Enlarging two and three times gives exactly the bytes of the definition, at every size.
@Test(arguments: [2, 3])
func enlargingGivesTheBytesOfItsDefinition(factor: Int) {
    for (width, height) in filterTestSizes {
        let image = unevenImage(width: width, height: height)
        #expect(image.enlargedBicubic(by: factor) == enlargedByDefinition(image, factor: factor), "\(width)x\(height)")
        #expect(image.enlargedBicubic(toWidth: width * factor, height: height * factor) == image.enlargedBicubic(by: factor))
    }
}
