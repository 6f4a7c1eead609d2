import Foundation
import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// An Aztec reading whose outline is the whole symbol stands, on paper or cropped to its edge;
/// one whose outline is the 15 modules round the bull's-eye of a larger symbol (a compact
/// symbol of one layer) has that symbol's modules beyond every side and does not.
@Test func anAztecReadingInsideALargerSymbolIsACore() throws {
    let directory = try makeTemporaryDirectory()
    let path = directory.appendingPathComponent("aztec.png").path
    // zint's scale 1: 2 px a module; these 38 characters make a compact symbol of 3 layers (23 modules).
    try runTool("zint", ["--barcode=92", "--scale=1", "--quietzones", "--data=SCRY AZTEC CORES 0123456789 ABCDEFGHIJ",
                         "--output=\(path)"])
    let image = try ImageFile.readGray(path: FilePath(path))
    var (minX, minY, maxX, maxY) = (image.width, image.height, 0, 0)
    for y in 0..<image.height {
        for x in 0..<image.width where image[x, y] < 128 {
            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
    }
    let (left, right, top, bottom) = (Double(minX), Double(maxX + 1), Double(minY), Double(maxY + 1))
    try #require(right - left >= 46)
    func reading(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> EngineReading {
        EngineReading(
            engine: .zxing, symbology: .aztec, payload: Array("117".utf8),
            corners: [PixelPoint(x: x0, y: y0), PixelPoint(x: x1, y: y0), PixelPoint(x: x1, y: y1), PixelPoint(x: x0, y: y1)],
            symbolVersion: "1")
    }
    #expect(AztecCores.admits(reading(left, top, right, bottom), in: image))
    let (cx, cy) = ((left + right) / 2, (top + bottom) / 2)
    #expect(!AztecCores.admits(reading(cx - 15, cy - 15, cx + 15, cy + 15), in: image))
    // Cropped to its outermost modules.
    var cropped = GrayImage(width: Int(right - left), height: Int(bottom - top), filledWith: 255)
    for y in 0..<cropped.height {
        for x in 0..<cropped.width { cropped.pixels[y * cropped.width + x] = image[x + Int(left), y + Int(top)] }
    }
    #expect(AztecCores.admits(reading(0, 0, right - left, bottom - top), in: cropped))
    #expect(BarcodeDetector().detect(in: cropped).map(\.payloadText) == ["SCRY AZTEC CORES 0123456789 ABCDEFGHIJ"])
}
