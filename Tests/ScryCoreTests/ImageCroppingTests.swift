import ScryCore
import Testing

@Test func croppingKeepsThePixelsInsideTheRectangle() throws {
    let image = GrayImage(width: 4, height: 3, pixels: (0..<12).map(UInt8.init))
    let crop = try #require(image.cropped(to: PixelRect(x: 1, y: 1, width: 2, height: 2)))
    #expect(crop == GrayImage(width: 2, height: 2, pixels: [5, 6, 9, 10]))
    // Fractions round outwards; the part outside the image is dropped.
    let rounded = try #require(image.cropped(to: PixelRect(x: 2.5, y: -3, width: 9, height: 3.2)))
    #expect(rounded == GrayImage(width: 2, height: 1, pixels: [2, 3]))
    #expect(image.cropped(to: PixelRect(x: 4, y: 0, width: 2, height: 2)) == nil)
    #expect(image.cropped(to: PixelRect(x: 1, y: 1, width: 0, height: 1)) == nil)
}
