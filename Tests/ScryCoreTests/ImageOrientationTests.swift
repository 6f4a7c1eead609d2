import Testing
import ScryCore

/// A 3x2 stored image with distinct pixels:
///     1 2 3
///     4 5 6
private let stored = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

@Test(arguments: [
    (ImageOrientation.up, 3, [1, 2, 3, 4, 5, 6]),
    (.upMirrored, 3, [3, 2, 1, 6, 5, 4]),
    (.down, 3, [6, 5, 4, 3, 2, 1]),
    (.downMirrored, 3, [4, 5, 6, 1, 2, 3]),
    (.leftMirrored, 2, [1, 4, 2, 5, 3, 6]),
    (.right, 2, [4, 1, 5, 2, 6, 3]),
    (.rightMirrored, 2, [6, 3, 5, 2, 4, 1]),
    (.left, 2, [3, 6, 2, 5, 1, 4]),
])
func turningUpright(_ orientation: ImageOrientation, width: Int, pixels: [UInt8]) {
    let upright = stored.turnedUpright(from: orientation)
    #expect(upright.width == width)
    #expect(upright.pixels == pixels)
}

/// Images of several tiles each way, cut off mid-tile or not, mid-block or not (a quarter turn
/// moves whole 8x8 blocks at once): each upright pixel is the stored pixel `storedPixel` names.
@Test(arguments: ImageOrientation.allCases, [ImageSize(width: 151, height: 70), ImageSize(width: 1280, height: 720),
                                             ImageSize(width: 136, height: 200), ImageSize(width: 64, height: 9)])
func turningUprightAcrossTiles(_ orientation: ImageOrientation, storedSize: ImageSize) {
    let pixels = (0..<(storedSize.width * storedSize.height)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
    let stored = GrayImage(width: storedSize.width, height: storedSize.height, pixels: pixels)
    let upright = stored.turnedUpright(from: orientation)
    #expect(upright.size == orientation.uprightSize(of: storedSize))
    var mismatches = 0
    for v in 0..<upright.height {
        for u in 0..<upright.width {
            let (x, y) = orientation.storedPixel(forUpright: u, v, storedSize: storedSize)
            if upright.pixels[v * upright.width + u] != pixels[y * storedSize.width + x] { mismatches += 1 }
        }
    }
    #expect(mismatches == 0)
}

@Test func orientationNamesAndNumbers() {
    #expect(ImageOrientation(name: "right") == .right)
    #expect(ImageOrientation(name: "6") == .right)
    #expect(ImageOrientation(name: "9") == nil)
    #expect(ImageOrientation(name: "sideways") == nil)
    #expect(ImageOrientation.allCases.map(\.rawValue) == Array(1...8))
}

/// Each stored pixel's corners, found from the upright pixel it is shown at: the point
/// mapping agrees with the pixel mapping, corner for corner.
@Test(arguments: ImageOrientation.allCases)
func uprightPointsMapToTheStoredPixelsCorners(_ orientation: ImageOrientation) {
    let storedSize = ImageSize(width: 3, height: 2)
    let upright = orientation.uprightSize(of: storedSize)
    for v in 0..<upright.height {
        for u in 0..<upright.width {
            let pixel = orientation.storedPixel(forUpright: u, v, storedSize: storedSize)
            let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map {
                orientation.storedPoint(forUpright: PixelPoint(x: Double(u) + $0.0, y: Double(v) + $0.1), storedSize: storedSize)
            }
            // The four corners of the upright pixel are the four corners of the stored one.
            #expect(Set(corners.map { [$0.x, $0.y] }) == [
                [Double(pixel.x), Double(pixel.y)], [Double(pixel.x + 1), Double(pixel.y)],
                [Double(pixel.x), Double(pixel.y + 1)], [Double(pixel.x + 1), Double(pixel.y + 1)],
            ])
        }
    }
}
