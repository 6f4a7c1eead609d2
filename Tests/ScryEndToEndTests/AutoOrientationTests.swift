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
        ["image", "--orientation", "auto", "--text-engine", "tesseract", "--tessdata", tessdata.path, demoDump], status: 69,
        mentioning: "tesseract-ocr-osd")
}

/// Small print at webcam size (an x-height of about 5 px, where tesseract's orientation
/// detection has no confidence), turned each way: the neural engine turns it upright, says it
/// decided, and reads it. A picture without text is undecided and read as stored.
@Test(arguments: [0, 90, 180, 270])
func smallPrintIsTurnedUprightByTheNeuralEngine(_ degrees: Int) throws {
    let directory = try makeTemporaryDirectory()
    let page = directory.appendingPathComponent("small.png").path
    let lines = [
        "Call me Ishmael. Some years ago, never mind how long precisely,", "having little or no money in my purse, and nothing particular",
        "to interest me on shore, I thought I would sail about a little", "and see the watery part of the world. It is a way I have of",
        "driving off the spleen and regulating the circulation. Whenever", "I find myself growing grim about the mouth; whenever it is a damp,",
        "drizzly November in my soul; whenever I find myself involuntarily", "pausing before coffin warehouses, and bringing up the rear of",
    ]
    try renderPage(
        lines, at: page, page: "380,60 900,660", pointsize: 10, left: 400, top: 100, spacing: 16, finish: ["-rotate", "\(degrees)"])
    let blank = directory.appendingPathComponent("blank.png").path
    try runTool("convert", ["-seed", "5", "-size", "640x480", "plasma:gray60-gray80", "-colorspace", "Gray", blank])
    let result = try scry(["image", "--orientation", "auto", "--no-barcodes", "--recognize", page, blank])
    #expect(result.status == 0, "\(result.stderr)")
    try expectValidLines(result)
    let output = try jsonLines(result)
    let images = output.filter { $0["type"] as? String == "image" }
    let expected = [0: "up", 90: "left", 180: "down", 270: "right"][degrees]!
    #expect(images.first?["orientation"] as? String == expected)
    #expect(images.first?["orientation_decided"] as? Bool == true)
    #expect(images.first?["width"] as? Int == 1280)
    let read = output.filter { $0["file"] as? String == page }.compactMap { $0["text"] as? String }.joined(separator: " ")
    for word in ["Ishmael", "watery", "November", "warehouses"] { #expect(read.contains(word), "\(read)") }
    #expect(images.last?["orientation"] as? String == "up")
    #expect(images.last?["orientation_decided"] as? Bool == false)
}
