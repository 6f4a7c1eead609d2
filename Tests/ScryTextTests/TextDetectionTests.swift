import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import ScryText
import SystemPackage
import Testing

/// Renders one line of text, black on white, and returns the image and the ink's box.
func renderLine(_ text: String, pointSize: Int = 36, in directory: URL) throws -> (GrayImage, PixelRect) {
    let path = directory.appendingPathComponent("line-\(abs(text.hashValue)).png").path
    try runTool("convert", ["-size", "900x240", "xc:white", "-font", "DejaVu-Sans", "-fill", "black",
                            "-pointsize", "\(pointSize)", "-annotate", "+60+120", text, path])
    let image = try ImageFile.readGray(path: FilePath(path))
    var ink: [PixelPoint] = []
    for y in 0..<image.height { for x in 0..<image.width where image[x, y] < 128 { ink.append(PixelPoint(x: Double(x), y: Double(y))) } }
    let box = PixelRect(enclosing: ink)!
    return (image, PixelRect(x: box.x, y: box.y, width: box.width + 1, height: box.height + 1))
}

@Test func layoutAnalysisFindsTheLine() throws {
    let (image, truth) = try renderLine("Layout analysis finds this line", in: try makeTemporaryDirectory())
    let found = try TesseractEngine().detect(in: image, options: TextDetectionOptions())
    try #require(found.count == 1)
    #expect(found[0].level == .line && found[0].text == nil)
    #expect(found[0].pixelBounds.intersectionOverUnion(truth) > 0.7)
}

@Test func recognitionReadsTheLineAndItsWords() throws {
    let (image, _) = try renderLine("Scry reads printed words", in: try makeTemporaryDirectory())
    let found = try TesseractEngine().detect(
        in: image, options: TextDetectionOptions(levels: [.line, .word, .character], recognize: true))
    #expect(found.filter { $0.level == .line }.map(\.text) == ["Scry reads printed words"])
    #expect(found.filter { $0.level == .word }.compactMap(\.text) == ["Scry", "reads", "printed", "words"])
    #expect(found.filter { $0.level == .character }.count == 21)
    for observation in found { #expect((0...1).contains(observation.confidence ?? -1)) }
}

@Test func blankImagesHoldNoText() throws {
    let engine = try TesseractEngine()
    #expect(engine.detect(in: GrayImage(width: 640, height: 480, filledWith: 255), options: TextDetectionOptions()).isEmpty)
}

@Test func missingTrainedDataIsAClearError() {
    #expect(throws: TextEngineError.noTrainedData(language: "xx-none", dataPath: nil)) {
        _ = try TesseractEngine(language: "xx-none")
    }
}

/// Stores the upright image as a camera in `orientation` would (ImageMagick does the inverse
/// turn, independently of Scry), then checks that turning it upright from that orientation gives it back and finds the line
/// where it is in the upright image.
@Test(arguments: ImageOrientation.allCases)
func textIsFoundInEveryOrientation(_ orientation: ImageOrientation) throws {
    let directory = try makeTemporaryDirectory()
    let (upright, truth) = try renderLine("Orientation test line", in: directory)
    let uprightPath = directory.appendingPathComponent("upright.png").path
    try ImageFile.writePNG(upright, to: FilePath(uprightPath))
    let storedPath = directory.appendingPathComponent("stored.png").path
    try runTool("convert", [uprightPath] + storingOperation(orientation) + [storedPath])
    let stored = try ImageFile.readGray(path: FilePath(storedPath))
    let turned = stored.turnedUpright(from: orientation)
    let texts = try TextRegionDetector(options: TextDetectionOptions(recognize: true)).detectText(in: turned)
    #expect(turned.size == upright.size)
    #expect(texts.map(\.text) == ["Orientation test line"])
    #expect((texts.first?.pixelBounds.intersectionOverUnion(truth) ?? 0) > 0.7)
}

