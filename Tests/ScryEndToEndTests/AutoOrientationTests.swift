import Foundation
import ScryCore
import ScryTestSupport
import Testing

/// The demo's book page stored turned as a camera in `orientation` would store it.
private func turnedPage(_ orientation: ImageOrientation, in directory: URL) throws -> String {
    let exported = try scry(["dump", "export", demoDump, directory.path])
    #expect(exported.status == 0, "\(exported.stderr)")
    let path = directory.appendingPathComponent("turned.png").path
    try runTool("convert", [directory.appendingPathComponent("frame-000004.png").path] + storingOperation(orientation) + [path])
    return path
}

@Test(arguments: [ImageOrientation.right, .down, .left])
func imagesAreTurnedUprightByTheirText(_ orientation: ImageOrientation) throws {
    let page = try turnedPage(orientation, in: try makeTemporaryDirectory())
    let result = try scry(["image", "--orientation", "auto", "--no-barcodes", "--recognize", page])
    #expect(result.status == 0, "\(result.stderr)")
    try expectValidLines(result)
    let lines = try jsonLines(result)
    let image = try #require(lines.first { $0["type"] as? String == "image" })
    #expect(image["orientation"] as? String == orientation.name)
    #expect(image["width"] as? Int == 1280)
    let texts = lines.compactMap { $0["text"] as? String }
    #expect(texts.first == "Chapter One")
    #expect(texts.contains("The quick brown fox jumps over the lazy dog."))
}

@Test func aTurnedRecordingIsFollowedAndReportedOnce() throws {
    let directory = try makeTemporaryDirectory()
    let page = try turnedPage(.left, in: directory)
    let dump = directory.appendingPathComponent("turned.scrydump").path
    #expect(try scry(["dump", "create", "-o", dump, "--repeat", "40", page]).status == 0)
    for mode in [[], ["--realtime"]] {
        let result = try scry(["replay", "--orientation", "auto", "--no-barcodes"] + mode + [dump])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        let changes = lines.filter { $0["type"] as? String == "orientation" }
        #expect(changes.count == 1)
        #expect(changes.first?["orientation"] as? String == "left")
        #expect(changes.first?["width"] as? Int == 1280 && changes.first?["height"] as? Int == 720)
        // Every line box lies in the upright 1280x720 page.
        let boxes = lines.filter { $0["type"] as? String == "text" }.compactMap { $0["pixel_bounds"] as? [String: Double] }
        #expect(boxes.count >= 5)
        #expect(boxes.allSatisfy { ($0["x"]! + $0["width"]!) <= 1280 && ($0["y"]! + $0["height"]!) <= 720 })
    }
}

@Test func autoOrientationNeedsTheOSDData() throws {
    let directory = try makeTemporaryDirectory()
    // A trained-data folder with English only.
    let tessdata = directory.appendingPathComponent("tessdata")
    try FileManager.default.createDirectory(at: tessdata, withIntermediateDirectories: true)
    let english = try FileManager.default.contentsOfDirectory(atPath: "/usr/share/tesseract-ocr")
        .map { "/usr/share/tesseract-ocr/\($0)/tessdata/eng.traineddata" }
        .first { FileManager.default.fileExists(atPath: $0) }
    try FileManager.default.createSymbolicLink(
        atPath: tessdata.appendingPathComponent("eng.traineddata").path, withDestinationPath: try #require(english))
    _ = try expectFailure(
        ["image", "--orientation", "auto", "--tessdata", tessdata.path, demoDump], status: 69,
        mentioning: "tesseract-ocr-osd")
}
