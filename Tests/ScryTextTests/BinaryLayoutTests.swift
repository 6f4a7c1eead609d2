import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
@testable import ScryText
import SystemPackage
import Testing

/// Layout analysis of the image binarized by Scry (`OtsuBinarization`) gives exactly the boxes
/// of tesseract's own thresholding of the gray image: on every receipt of ../shared/eval/text,
/// at its own size, fitted into a 1280x720 frame, and inverted (light text on dark).
@Test func binaryLayoutEqualsGrayLayout() throws {
    let root = RepositoryPaths.eval.appendingPathComponent("text/sroie")
    let receipts = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".jpg") }.sorted()
    #expect(receipts.count == 30)
    let engine = try TesseractEngine()
    let levels: Set<TextLevel> = [.line, .word]
    var compared = 0
    for receipt in receipts {
        let native = try ImageFile.readGray(path: FilePath(root.appendingPathComponent(receipt).path))
        let frame = native.fitted(into: ImageSize(width: 1280, height: 720))
        var inverted = frame
        inverted.pixels = frame.pixels.map { 255 - $0 }
        for (name, image) in [("native", native), ("frame", frame), ("inverted", inverted)] {
            let gray = engine.layoutThresholdedByTesseract(image, levels: levels)
            let binary = engine.layout(of: image, levels: levels)
            #expect(binary == gray, "\(receipt) \(name): \(binary.count) boxes from the binary image, \(gray.count) from the gray")
            compared += gray.count
        }
    }
    #expect(compared > 5000)
}

/// Packs `image` with `binarization` into words as Leptonica lays out a 1-bit image.
private func inkWords(_ image: GrayImage, _ binarization: OtsuBinarization) -> [UInt32] {
    let wordsPerRow = (image.width + 31) / 32 + 1
    var words = [UInt32](repeating: 0xFFFF_FFFF, count: wordsPerRow * image.height)
    words.withUnsafeMutableBufferPointer { binarization.packInk(of: image, into: $0.baseAddress!, wordsPerRow: wordsPerRow) }
    return words
}

@Test func otsuFollowsTesseractsRule() {
    // Mostly light with a few dark pixels: the dark ones are ink (set bits, leftmost highest;
    // the padding word of each row is cleared).
    let page = GrayImage(width: 8, height: 1, pixels: [250, 250, 250, 250, 250, 250, 20, 30])
    let pageSplit = OtsuBinarization(of: page)
    #expect(pageSplit.threshold >= 30 && pageSplit.threshold < 250)
    #expect(!pageSplit.foregroundIsAbove)
    #expect(inkWords(page, pageSplit) == [0b11 << 24, 0])
    // Mostly dark: the light pixels are ink.
    let slide = GrayImage(width: 8, height: 1, pixels: [10, 10, 10, 10, 10, 10, 200, 220])
    let slideSplit = OtsuBinarization(of: slide)
    #expect(slideSplit.foregroundIsAbove)
    #expect(inkWords(slide, slideSplit) == [0b11 << 24, 0])
    // One gray level: no ink anywhere.
    let blank = GrayImage(width: 40, height: 2, filledWith: 128)
    #expect(OtsuBinarization(of: blank).isEmpty)
    #expect(inkWords(blank, OtsuBinarization(of: blank)) == [UInt32](repeating: 0, count: 6))
    // A row longer than a word: pixel 33 is the second word's second-highest bit.
    var wide = GrayImage(width: 40, height: 1, filledWith: 255)
    wide[33, 0] = 0
    #expect(inkWords(wide, OtsuBinarization(of: wide)) == [0, 1 << 30, 0])
}
