import Foundation
@testable import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

@Test func averagingTakesTheMeanOfEachRunOfLines() {
    // 4 x 7: rows 0-2 and 3-5 are averaged, row 6 (a partial run) is left out.
    let pixels: [UInt8] = (0..<7).flatMap { row in (0..<4).map { UInt8(row * 10 + $0) } }
    let image = GrayImage(width: 4, height: 7, pixels: pixels)
    let rows = ImageSampling.rowsAveraged(3).sampled(image)
    #expect(rows.width == 4 && rows.height == 2)
    #expect(rows.pixels == [10, 11, 12, 13, 40, 41, 42, 43])
    // Columns 0-1 and 2-3 averaged (rows [0, 2], [10, 12], ... [60, 62]), then turned a
    // quarter clockwise: the bottom row first.
    let columns = ImageSampling.columnsAveragedTurned(2).sampled(image)
    #expect(columns.width == 7 && columns.height == 2)
    #expect(columns.pixels == [60, 50, 40, 30, 20, 10, 0, 62, 52, 42, 32, 22, 12, 2])
    // Turned each way, the sampled image is the image turned upright from lying on its side.
    #expect(ImageSampling.turned(clockwise: true).sampled(image) == image.turnedUpright(from: .right))
    #expect(ImageSampling.turned(clockwise: false).sampled(image) == image.turnedUpright(from: .left))
}

@Test func pointsMapBackToTheMiddleOfTheLinesAveraged() {
    let point = PixelPoint(x: 100, y: 20)
    func mapped(_ sampling: ImageSampling) -> PixelPoint { sampling.pointInImage(point, imageWidth: 1280, imageHeight: 720) }
    #expect(mapped(.everyPixel) == point)
    #expect(mapped(.rowsAveraged(3)) == PixelPoint(x: 100, y: 61.5))
    // Turned clockwise, the view's x runs up the image's rows and its y along the columns;
    // turned the other way, x runs down the rows and y back along the columns.
    #expect(mapped(.columnsAveragedTurned(6)) == PixelPoint(x: 123, y: 620))
    #expect(mapped(.turned(clockwise: true)) == PixelPoint(x: 20, y: 620))
    #expect(mapped(.turned(clockwise: false)) == PixelPoint(x: 1260, y: 100))
}

/// A Code 128 turned a quarter on a 1280x720 frame is read on averaged columns, and its corners
/// come back around the place where it was drawn.
@Test func aTurnedLinearCodeIsReadOnAveragedColumnsInItsPlace() throws {
    let directory = try makeTemporaryDirectory()
    let code = directory.appendingPathComponent("code.png").path
    let frame = directory.appendingPathComponent("frame.png").path
    try runTool("zint", ["--barcode=20", "--scale=1", "--quietzones", "--data=SCRY-TURNED", "--output=\(code)"])
    try runTool("convert", ["-size", "1280x720", "xc:white", "(", code, "-rotate", "90", ")", "-geometry", "+900+200",
                            "-composite", frame])
    let image = try ImageFile.readGray(path: FilePath(frame))
    var options = ZXingReader.Options()
    options.tryRotate = false
    let reader = ZXingReader(options: options)
    #expect(reader.read(image, sampling: .rowsAveraged(3)).isEmpty)
    let readings = reader.read(image, sampling: .columnsAveragedTurned(6))
    try #require(readings.count == 1)
    #expect(String(decoding: readings[0].payload, as: UTF8.self) == "SCRY-TURNED")
    let drawn = try ImageFile.readGray(path: FilePath(code))
    let box = try #require(PixelRect(enclosing: readings[0].corners))
    // The code (turned) covers x 900..900+height, y 200..200+width of zint's picture.
    #expect(box.x >= 900 - 6 && box.x + box.width <= 900 + Double(drawn.height) + 6)
    #expect(box.y >= 200 - 6 && box.y + box.height <= 200 + Double(drawn.width) + 6)
    #expect(box.height > Double(drawn.width) / 2)
}

/// The columns averaged and turned, on a frame whose width is not a whole number of runs: the
/// columns past the last whole run left out, as averaging the cut image and turning it does.
@Test func columnsAveragedAndTurnedAreTheCutImageAveragedThenTurned() throws {
    let width = 1280, height = 720
    let pixels = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 11) }
    let image = GrayImage(width: width, height: height, pixels: pixels)
    for n in [6, 7] {
        let whole = width / n * n
        let cut = try #require(image.cropped(to: PixelRect(x: 0, y: 0, width: Double(whole), height: Double(height))))
        let expected = cut.resampled(width: whole / n, height: height).turnedUpright(from: .right)
        #expect(ImageSampling.columnsAveragedTurned(n).sampled(image) == expected, "\(n)")
    }
}
