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
