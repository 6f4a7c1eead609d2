import Testing
import ScryCore

private let size = ImageSize(width: 1280, height: 720)

@Test func pixelRectBecomesBottomLeftNormalizedRect() {
    // A box touching the top edge of the image sits at the top of normalized space.
    let rect = PixelRect(x: 128, y: 0, width: 256, height: 72)
    let normalized = NormalizedRect(rect, in: size)
    #expect(normalized == NormalizedRect(x: 0.1, y: 0.9, width: 0.2, height: 0.1))
}

@Test func normalizedRectBecomesTopLeftPixelRect() {
    let normalized = NormalizedRect(x: 0.5, y: 0, width: 0.25, height: 0.5)
    #expect(PixelRect(normalized, in: size) == PixelRect(x: 640, y: 360, width: 320, height: 360))
}

@Test func pointsFlipTheYAxis() {
    #expect(NormalizedPoint(PixelPoint(x: 0, y: 0), in: size) == NormalizedPoint(x: 0, y: 1))
    #expect(NormalizedPoint(PixelPoint(x: 1280, y: 720), in: size) == NormalizedPoint(x: 1, y: 0))
    #expect(PixelPoint(NormalizedPoint(x: 0.25, y: 0.75), in: size) == PixelPoint(x: 320, y: 180))
}

@Test(arguments: ImageOrientation.allCases)
func conversionRoundTripsInEveryOrientation(_ orientation: ImageOrientation) {
    // Coordinates are always in the upright image, whose size depends on the orientation.
    let upright = orientation.uprightSize(of: size)
    for rect in [
        PixelRect(x: 0, y: 0, width: 10, height: 20), PixelRect(x: 100.5, y: 33.25, width: 7, height: 301),
        PixelRect(x: Double(upright.width) - 4, y: Double(upright.height) - 8, width: 4, height: 8),
    ] {
        let back = PixelRect(NormalizedRect(rect, in: upright), in: upright)
        #expect(abs(back.x - rect.x) < 1e-9 && abs(back.y - rect.y) < 1e-9)
        #expect(abs(back.width - rect.width) < 1e-9 && abs(back.height - rect.height) < 1e-9)
    }
}

@Test func intersectionOverUnion() {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
    #expect(a.intersectionOverUnion(a) == 1)
    #expect(a.intersectionOverUnion(PixelRect(x: 20, y: 20, width: 5, height: 5)) == 0)
    #expect(abs(a.intersectionOverUnion(PixelRect(x: 5, y: 0, width: 10, height: 10)) - 1.0 / 3) < 1e-12)
}
