@testable import ScryBarcode
import ScryCore
import Testing

/// A 200x120 picture of bars 2 px wide from top to bottom, from x 40 to 160.
private let bars: GrayImage = {
    var image = GrayImage(width: 200, height: 120, filledWith: 230)
    for y in 0..<120 {
        for x in 40..<160 where (x / 2) % 2 == 0 { image.pixels[y * 200 + x] = 20 }
    }
    return image
}()
private let blank = GrayImage(width: 200, height: 120, filledWith: 230)
/// The row a reader scanned across the bars: 8 px tall at the picture's middle.
private let row = [PixelPoint(x: 40, y: 56), PixelPoint(x: 160, y: 56), PixelPoint(x: 160, y: 64), PixelPoint(x: 40, y: 64)]
private func moved(_ corners: [PixelPoint], by dx: Double, _ dy: Double) -> [PixelPoint] {
    corners.map { PixelPoint(x: $0.x + dx, y: $0.y + dy) }
}

@Test func aTracksOutlineIsReusedWhileItsCodeStaysPut() {
    let outlines = LinearCodeOutlines()
    let first = outlines.outline(of: row, track: 3, in: bars)
    #expect(first == LinearCodeExtent.outline(row, in: bars))
    // Grown to the bars' height, far beyond the row.
    #expect(first.map(\.y).min()! < 30 && first.map(\.y).max()! > 90)
    // Half a pixel on, on a picture where the bars are gone: the outline measured before,
    // moved with the corners, not measured again.
    let again = outlines.outline(of: moved(row, by: 0.5, -0.5), track: 3, in: blank)
    #expect(again == moved(first, by: 0.5, -0.5))
}

@Test func anOutlineIsMeasuredAnewOnceItsCodeMoves() {
    let outlines = LinearCodeOutlines()
    _ = outlines.outline(of: row, track: 3, in: bars)
    let far = moved(row, by: 3, 0)
    #expect(outlines.outline(of: far, track: 3, in: blank) == LinearCodeExtent.outline(far, in: blank))
    // Another track, or none (an image file), is measured too.
    #expect(outlines.outline(of: row, track: 4, in: blank) == LinearCodeExtent.outline(row, in: blank))
    #expect(outlines.outline(of: row, track: nil, in: blank) == LinearCodeExtent.outline(row, in: blank))
}
