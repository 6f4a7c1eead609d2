import Foundation
import ScryTestSupport
import Testing

/// `--sharpness`, the lane `docs/architecture.md` adds as its worked example: a line per image,
/// a stream's changes of verdict, its place among the lanes and in the stats line.
struct SharpnessTests {
    @Test func imagesGetALineEachAndBlurIsCalledSo() throws {
        let directory = try makeTemporaryDirectory()
        let page = directory.appendingPathComponent("page.png").path
        let blurred = directory.appendingPathComponent("page-blurred.png").path
        try runTool("convert", [
            "-size", "800x600", "xc:white", "-fill", "black", "-font", "DejaVu-Sans", "-pointsize", "22",
            "-annotate", "+40+80", "Sharp letters have edges,", "-annotate", "+40+120", "blurred ones do not.", page,
        ])
        try runTool("convert", [page, "-blur", "0x3", blurred])
        let result = try scry(["image", "--sharpness", "--no-barcodes", "--no-text", "--stats", page, blurred])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(lines.first?["detectors"] as? [String] == ["sharpness"])
        let verdicts = lines.filter { $0["type"] as? String == "sharpness" }.map { ($0["file"] as? String, $0["sharp"] as? Bool) }
        #expect(verdicts.map(\.0) == [page, blurred] && verdicts.map(\.1) == [true, false])
        let lanes = try #require(lines.last?["lanes"] as? [String: [String: Any]])
        #expect(lanes["sharpness"]?["detections"] as? Int == 1)
    }

    @Test func itRunsBesideTheOtherLanesInAStream() throws {
        let result = try scry(["replay", "--realtime", "--sharpness", "--plain", demoDump])
        #expect(result.status == 0, "\(result.stderr)")
        // The demo's frames are all sharp: one line, at the first frame; its codes as ever.
        let plain = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(plain.filter { $0.hasPrefix("sharp ") }.count == 1, "\(plain)")
        #expect(plain.contains { $0.hasPrefix("qr_code:") })
        #expect(try scry(["image", "--sharpness", "--min-sharpness", "-1", demoDump]).status == 64)
    }
}
