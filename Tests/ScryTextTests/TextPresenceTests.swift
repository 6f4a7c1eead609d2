import ScryDumps
import ScryTestSupport
import SystemPackage
import Testing

@testable import ScryCore
@testable import ScryText

/// Frame `sequence` of Calibration/demo.scrydump in gray: 0 a QR code alone, 4 the book page,
/// 5 the page with an EAN-13 over it.
private func demoDumpFrame(_ sequence: UInt64) throws -> GrayImage {
    let reader = try FrameDumpReader(path: FilePath(RepositoryPaths.calibration.appendingPathComponent("demo.scrydump").path))
    while let frame = try reader.next() {
        if frame.sequence == sequence { return try GrayImage(frame: frame) }
    }
    throw FrameDumpError.badMagic
}

/// A white image with dark rings like an O, `side` pixels high, 2 pixels thick, at `origins`
/// (their top-left corners).
private func marks(at origins: [(x: Int, y: Int)], side: Int = 12, width: Int = 320, height: Int = 200) -> GrayImage {
    var image = GrayImage(width: width, height: height, filledWith: 235)
    for origin in origins {
        drawRing(&image, x: origin.x, y: origin.y, width: side * 2 / 3, height: side)
    }
    return image
}

private func drawRing(_ image: inout GrayImage, x left: Int, y top: Int, width: Int, height: Int) {
    for y in top..<(top + height) {
        for x in left..<(left + width) where y - top < 2 || top + height - y <= 2 || x - left < 2 || left + width - x <= 2 {
            image.pixels[y * image.width + x] = 30
        }
    }
}

@Test func aBookPageHoldsText() throws {
    #expect(TextPresence.mayHoldText(try demoDumpFrame(4)))
}

@Test func aQRCodeAloneHoldsNoTextOutsideItsOutline() throws {
    // The demo's QR code fills x 540...740, y 260...460 (demo.expected.jsonl).
    let outline = [PixelPoint(x: 540, y: 260), PixelPoint(x: 740, y: 260), PixelPoint(x: 740, y: 460), PixelPoint(x: 540, y: 460)]
    #expect(!TextPresence.mayHoldText(try demoDumpFrame(0), outside: [outline]))
}

@Test func aPageWithACodeOverItStillHoldsText() throws {
    // The EAN-13 of frame 5 covers the right half; the page's lines go on to its left.
    let outline = [PixelPoint(x: 608, y: 332), PixelPoint(x: 1177, y: 332), PixelPoint(x: 1177, y: 631), PixelPoint(x: 608, y: 631)]
    #expect(TextPresence.mayHoldText(try demoDumpFrame(5), outside: [outline]))
}

@Test func plainAndGradedImagesHoldNoText() {
    #expect(!TextPresence.mayHoldText(GrayImage(width: 640, height: 480, filledWith: 128)))
    let ramp = GrayImage(width: 256, height: 64, pixels: (0..<(256 * 64)).map { UInt8($0 % 256) })
    #expect(!TextPresence.mayHoldText(ramp))
}

@Test func threeMarksInARowAreALineAndTwoAreNot() {
    // The three rings are marks (and so is the light halo around them, too tall to join them).
    let found = TextPresence.marks(in: marks(at: [(40, 80), (56, 80), (72, 80)]))
    #expect(found.filter { $0.height == 12 && $0.width == 8 }.map(\.x0) == [40, 56, 72])
    #expect(TextPresence.mayHoldText(marks(at: [(40, 80), (56, 80), (72, 80)])))
    #expect(!TextPresence.mayHoldText(marks(at: [(40, 80), (56, 80)])))
    // Three marks far apart (more than 2.5 heights between them) are not a line either.
    #expect(!TextPresence.mayHoldText(marks(at: [(20, 80), (120, 80), (220, 80)])))
    // Nor three at different heights.
    #expect(!TextPresence.mayHoldText(marks(at: [(40, 20), (56, 80), (72, 140)])))
}

@Test func aColumnOfMarksIsALine() {
    #expect(TextPresence.mayHoldText(marks(at: [(150, 30), (150, 50), (150, 70)])))
}

@Test func marksInsideACodesOutlineAreNotLookedAt() {
    let image = marks(at: [(40, 80), (56, 80), (72, 80)])
    let outline = [PixelPoint(x: 30, y: 70), PixelPoint(x: 100, y: 70), PixelPoint(x: 100, y: 100), PixelPoint(x: 30, y: 100)]
    #expect(!TextPresence.mayHoldText(image, outside: [outline]))
}

@Test func largeImagesAreLookedAtReduced() {
    // 4800 px wide: reduced 3 times; marks 24 px high become 8 px high and still count.
    var image = GrayImage(width: 4800, height: 600, filledWith: 230)
    for start in [1000, 1040, 1080] {
        drawRing(&image, x: start, y: 300, width: 16, height: 24)
    }
    #expect(TextPresence.mayHoldText(image))
    #expect(TextPresence.averaged(image, by: 3).width == 1600)
}

@Test func aRowOfMarksTheEdgeCutsIsNoLine() {
    // Three marks all cut by the top edge (a drawing's strokes, the paper's edge): no line.
    #expect(!TextPresence.mayHoldText(marks(at: [(40, 0), (56, 0), (72, 0)])))
    // One cut of three: a line whose first letter the edge cuts is still one.
    #expect(TextPresence.mayHoldText(marks(at: [(0, 80), (14, 80), (30, 80)])))
}
