import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import ScryText
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
            let gray = engine.detect(in: image, options: TextDetectionOptions(levels: levels))
            let binary = engine.layout(of: image, levels: levels)
            #expect(binary == gray, "\(receipt) \(name): \(binary.count) boxes from the binary image, \(gray.count) from the gray")
            compared += gray.count
        }
    }
    #expect(compared > 5000)
}

@Test func otsuFollowsTesseractsRule() {
    // Mostly light with a few dark pixels: the dark ones are ink.
    let page = GrayImage(width: 8, height: 1, pixels: [250, 250, 250, 250, 250, 250, 20, 30])
    let pageSplit = OtsuBinarization(of: page)
    #expect(pageSplit.threshold >= 30 && pageSplit.threshold < 250)
    #expect(!pageSplit.foregroundIsAbove)
    #expect(pageSplit.packedRows(of: page).bytes == [0b1111_1100])
    // Mostly dark: the light pixels are ink.
    let slide = GrayImage(width: 8, height: 1, pixels: [10, 10, 10, 10, 10, 10, 200, 220])
    let slideSplit = OtsuBinarization(of: slide)
    #expect(slideSplit.foregroundIsAbove)
    #expect(slideSplit.packedRows(of: slide).bytes == [0b1111_1100])
    // One gray level: no ink anywhere; rows pad to whole bytes.
    let blank = GrayImage(width: 10, height: 2, filledWith: 128)
    #expect(OtsuBinarization(of: blank).isEmpty)
    #expect(OtsuBinarization(of: blank).packedRows(of: blank) == (bytes: [UInt8](repeating: 0xFF, count: 4), bytesPerRow: 2))
}
