import Foundation
import ScryTestSupport
import Testing

@Test func demoReplayMatchesItsExpectedLinesByteForByte() throws {
    let expected = try Data(contentsOf: RepositoryPaths.calibration.appendingPathComponent("demo.expected.jsonl"))
    // Run from the package root so the session line names the dump as the expected file does.
    let result = try runProcess(RepositoryPaths.scryExecutable, ["replay", "--no-text", "--every-frame", "Calibration/demo.scrydump"],
                                currentDirectory: RepositoryPaths.root)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == expected)
}

@Test func replayIsDeterministicWithTextToo() throws {
    let first = try scry(["replay", "--words", demoDump])
    let second = try scry(["replay", "--words", demoDump])
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    try expectValidLines(first)
}

/// Text from tesseract may vary between versions, so the page frame is held to thresholds:
/// line boxes against the rendering's ground truth (F1 at IoU >= 0.5) and words recognized.
@Test func demoPageTextMeetsItsThresholds() throws {
    let truthRows = try String(contentsOf: RepositoryPaths.calibration.appendingPathComponent("demo-page.truth.tsv"), encoding: .utf8)
        .split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
    let result = try scry(["replay", "--recognize", "--stats", demoDump])
    #expect(result.status == 0)
    try expectValidLines(result)
    let lines = try jsonLines(result)
    // Frame 4 is the page alone: the lines first seen there (a lost event names the frame of
    // a line's last sighting, which may be 4 too).
    let found = lines.filter { $0["type"] as? String == "text" && $0["frame"] as? Int == 4 && $0["event"] as? String != "lost" }
    func box(_ dictionary: Any?) -> (Double, Double, Double, Double) {
        let d = dictionary as! [String: Double]
        return (d["x"]!, d["y"]!, d["width"]!, d["height"]!)
    }
    func iou(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double)) -> Double {
        let w = max(0, min(a.0 + a.2, b.0 + b.2) - max(a.0, b.0))
        let h = max(0, min(a.1 + a.3, b.1 + b.3) - max(a.1, b.1))
        return w * h / (a.2 * a.3 + b.2 * b.3 - w * h)
    }
    let truthBoxes = truthRows.map { (Double($0[1])!, Double($0[2])!, Double($0[3])!, Double($0[4])!) }
    let matched = truthBoxes.filter { truth in found.contains { iou(box($0["pixel_bounds"]), truth) >= 0.5 } }.count
    let precision = Double(matched) / Double(max(1, found.count))
    let recall = Double(matched) / Double(truthBoxes.count)
    let f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    #expect(f1 >= 0.9, "line-box F1 \(f1)")
    let truthWords = truthRows.flatMap { $0[0].split(separator: " ").map(String.init) }
    let foundWords = Set(found.compactMap { $0["text"] as? String }.flatMap { $0.split(separator: " ").map(String.init) })
    let wordsFound = truthWords.filter(foundWords.contains).count
    #expect(Double(wordsFound) / Double(truthWords.count) >= 0.9, "\(wordsFound) of \(truthWords.count) words")
    #expect(lines.last?["type"] as? String == "stats")
}

@Test func dumpCreateInfoAndExportRoundTrip() throws {
    let directory = try makeTemporaryDirectory()
    let qr = directory.appendingPathComponent("qr.png").path
    try runTool("qrencode", ["-o", qr, "-s", "6", "round trip"])
    let dump = directory.appendingPathComponent("made.scrydump").path
    let create = try scry(["dump", "create", "-o", dump, "--format", "GREY", "--fps", "10", "--repeat", "3", qr])
    #expect(create.status == 0, "\(create.stderr)")
    #expect(create.stdout.isEmpty)

    let info = try scry(["dump", "info", dump])
    try expectValidLines(info)
    let summary = try jsonLines(info)[0]
    #expect(summary["frames"] as? Int == 3)
    #expect(summary["pixel_formats"] as? [String: Int] == ["GREY": 3])
    #expect(summary["fps"] as? Double == 10)
    #expect(summary["truncated"] as? Bool == false)

    let exported = directory.appendingPathComponent("frames")
    let export = try scry(["dump", "export", dump, exported.path])
    #expect(export.status == 0)
    try expectValidLines(export)
    let files = try FileManager.default.contentsOfDirectory(atPath: exported.path).sorted()
    #expect(files == ["frame-000000.png", "frame-000001.png", "frame-000002.png"])
    // The exported frame is the original picture: it reads back to the same code.
    let reread = try scry(["image", "--no-text", exported.appendingPathComponent(files[0]).path])
    #expect(try jsonLines(reread).compactMap { $0["payload"] as? String } == ["round trip"])
    // Every frame's sighting, then the track's end.
    let replay = try scry(["replay", "--no-text", "--every-frame", dump])
    #expect(try jsonLines(replay).compactMap { $0["payload"] as? String } == Array(repeating: "round trip", count: 4))
    #expect(try jsonLines(replay).compactMap { $0["event"] as? String } == ["confirmed", "seen", "seen", "lost"])
}

@Test func closingStdoutEndsQuietly() throws {
    let result = try runProcess("bash", ["-c", "'\(RepositoryPaths.scryExecutable)' replay --no-text '\(demoDump)' | head -1; exit ${PIPESTATUS[0]}"])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("Broken pipe"))
    #expect(result.stdoutLines.count == 1)
}

/// A Code 128 (read by zxing-cpp only) held for three frames: confirmed at the second, lost
/// at the end; with --every-frame the first sighting is "unconfirmed" and the third "seen".
@Test func replayReportsTracks() throws {
    let directory = try makeTemporaryDirectory()
    let image = directory.appendingPathComponent("code128.png").path
    try runTool("zint", ["--barcode=20", "--scale=3", "--data=SCRY-TRACK", "--output=\(image)"])
    let dump = directory.appendingPathComponent("held.scrydump").path
    let created = try scry(["dump", "create", "--size", "1280x720", "--fps", "30", "--repeat", "3", "-o", dump, image])
    #expect(created.status == 0, "\(created.stderr)")
    func events(_ arguments: [String]) throws -> [String] {
        let result = try scry(["replay", "--no-text"] + arguments + [dump])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        return try jsonLines(result).filter { $0["type"] as? String == "barcode" }.map {
            "\($0["track"] as? Int ?? 0) \($0["event"] as? String ?? "?") \($0["frame"] as? Int ?? -1)"
        }
    }
    #expect(try events([]) == ["1 confirmed 1", "1 lost 2"])
    #expect(try events(["--every-frame"]) == ["1 unconfirmed 0", "1 confirmed 1", "1 seen 2", "1 lost 2"])
    // Frames 33 ms apart with --lost-after 0.01: each frame's sighting is a new, unconfirmed track.
    #expect(try events(["--lost-after", "0.01"]).isEmpty)
    let bad = try scry(["replay", "--lost-after", "0", dump])
    #expect(bad.status == 64)
}
