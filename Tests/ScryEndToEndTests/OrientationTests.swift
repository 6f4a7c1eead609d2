import Foundation
import ScryCore
import ScryTestSupport
import Testing

/// An upright scene (a QR code and a line of text) is stored as a camera in each orientation
/// would (ImageMagick turns it, independently of scry); scry told the orientation must find
/// both where they are in the upright scene.
@Test(arguments: ImageOrientation.allCases)
func codesAndTextAreFoundUprightInEveryOrientation(_ orientation: ImageOrientation) throws {
    let directory = try makeTemporaryDirectory()
    let qr = directory.appendingPathComponent("qr.png").path
    try runTool("qrencode", ["-o", qr, "-s", "5", "-m", "2", "orientation \(orientation.rawValue)"])
    let upright = directory.appendingPathComponent("upright.png").path
    try runTool("convert", ["-size", "800x450", "xc:white", qr, "-geometry", "+560+60", "-composite",
                            "-font", "DejaVu-Sans", "-pointsize", "34", "-annotate", "+40+380", "Upright text line",
                            upright])
    let stored = directory.appendingPathComponent("stored.png").path
    try runTool("convert", [upright] + storingOperation(orientation) + [stored])

    let reference = try jsonLines(try scry(["image", "--recognize", upright]))
    let result = try scry(["image", "--recognize", "--image-orientation", orientation.name, stored])
    #expect(result.status == 0)
    try expectValidLines(result)
    let lines = try jsonLines(result)
    #expect(lines.first { $0["type"] as? String == "image" }?["width"] as? Int == 800)

    let expectedCode = reference.first { $0["type"] as? String == "barcode" }!
    let code = try #require(lines.first { $0["type"] as? String == "barcode" })
    #expect(code["payload"] as? String == "orientation \(orientation.rawValue)")
    for key in ["x", "y", "width", "height"] {
        let got = (code["pixel_bounds"] as! [String: Double])[key]!
        let want = (expectedCode["pixel_bounds"] as! [String: Double])[key]!
        #expect(abs(got - want) <= 2, "\(key): \(got) vs \(want)")
    }
    let text = lines.filter { $0["type"] as? String == "text" }.compactMap { $0["text"] as? String }
    #expect(text.contains("Upright text line"), "\(text)")
}

@Test func deviceOrientationUsesMLKitsTable() throws {
    // A back camera held in portrait stores frames needing a clockwise turn (EXIF 6, right).
    let result = try scry(["image", "--no-text", "--orientation", "portrait", "--camera", "back", "/nonexistent.png"])
    #expect(try jsonLines(result).first?["orientation"] as? String == "right")
    let front = try scry(["image", "--no-text", "--orientation", "portrait", "--camera", "front", "/nonexistent.png"])
    #expect(try jsonLines(front).first?["orientation"] as? String == "leftMirrored")
}
