import ScryCore
import ScryText
import Testing

@Test func recognitionFactorFollowsTheMedianLineHeight() {
    #expect(TextScale.recognitionFactor(medianLineHeight: nil) == 1)
    #expect(TextScale.recognitionFactor(medianLineHeight: 30) == 1)
    #expect(TextScale.recognitionFactor(medianLineHeight: 15) == 2)
    #expect(TextScale.recognitionFactor(medianLineHeight: 8) == 3)
    let boxes = [10.0, 30, 14, 16, 50].map { PixelRect(x: 0, y: 0, width: 100, height: $0) }
    #expect(TextScale.medianHeight(of: boxes) == 16)
    #expect(TextScale.medianHeight(of: []) == nil)
}

@Test func bicubicEnlargingKeepsFlatAreasAndEdges() {
    // A dark square on white: flat areas stay exactly flat, the size is factor times, and the
    // edge lies where it was (scaled).
    var image = GrayImage(width: 8, height: 8, filledWith: 255)
    for y in 2..<6 { for x in 2..<6 { image[x, y] = 0 } }
    let enlarged = image.enlargedBicubic(by: 3)
    #expect(enlarged.size == ImageSize(width: 24, height: 24))
    #expect(enlarged[0, 0] == 255 && enlarged[23, 23] == 255)
    #expect(enlarged[11, 11] == 0 && enlarged[12, 12] == 0)
    // Half way across the edge (source x = 2 - 0.5 + ... ): the ramp crosses mid-gray between
    // output columns 5 and 6 (source coordinate 1.5 to 2.0).
    #expect(enlarged[4, 12] > 200 && enlarged[7, 12] < 60)
    #expect(image.enlargedBicubic(by: 1) == image)
}
