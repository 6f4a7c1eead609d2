import Foundation
import ScryCore
import ScryDumps
import ScryTestSupport
import SystemPackage
import Testing

/// Every bad input ends with exactly one line on stderr (besides the replay summary), the
/// documented status, and nothing on stdout but complete, valid JSON lines.
func expectFailure(_ arguments: [String], status: Int32, mentioning text: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
    let result = try scry(arguments)
    #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(!result.crashed, sourceLocation: sourceLocation)
    let errors = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("scry: replayed") }
    #expect(errors.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(errors.first?.contains(text) == true, "\(result.stderr)", sourceLocation: sourceLocation)
    try expectValidLines(result, sourceLocation: sourceLocation)
    return result
}

@Test func badImagesAreReportedAndTheRestStillRun() throws {
    let directory = try makeTemporaryDirectory()
    let empty = directory.appendingPathComponent("empty.png")
    try Data().write(to: empty)
    let notImage = directory.appendingPathComponent("notes.jpg")
    try Data("hello".utf8).write(to: notImage)
    let good = directory.appendingPathComponent("good.png").path
    try runTool("qrencode", ["-o", good, "-s", "6", "still read"])

    _ = try expectFailure(["image", "/nonexistent/a.png"], status: 66, mentioning: "No such file")
    _ = try expectFailure(["image", empty.path], status: 65, mentioning: "empty file")
    _ = try expectFailure(["image", notImage.path], status: 65, mentioning: "not a readable image")
    // A folder is the files in it: both bad ones are reported, and the first failure's status
    // is the run's.
    let folder = try scry(["image", directory.path])
    #expect(folder.status == 65)
    #expect(folder.stderr.split(separator: "\n").count == 2 && folder.stderr.contains("empty.png") && folder.stderr.contains("notes.jpg"))
    // A bad file among good ones: the good one is still read, the status is the failure's.
    let mixed = try expectFailure(["image", "--no-text", notImage.path, good], status: 65, mentioning: "notes.jpg")
    #expect(try jsonLines(mixed).compactMap { $0["payload"] as? String } == ["still read"])
}

@Test func badOptionsAreUsageErrors() throws {
    _ = try expectFailure(["image", "--image-orientation", "sideways", "x.png"], status: 64, mentioning: "sideways")
    _ = try expectFailure(["image", "--orientation", "portrait", "--image-orientation", "up", "x.png"],
                          status: 64, mentioning: "cannot be used together")
    _ = try expectFailure(["image"], status: 64, mentioning: "Missing expected argument")
    _ = try expectFailure(["dump", "create", "-o", "/tmp/x.scrydump", "--format", "RGB3", "a.png"], status: 64, mentioning: "GREY, YUYV, YU12 or MJPG")
    _ = try expectFailure(["frobnicate"], status: 64, mentioning: "frobnicate")
}

@Test func damagedDumpsAreRejected() throws {
    let directory = try makeTemporaryDirectory()
    let original = try Data(contentsOf: URL(fileURLWithPath: demoDump))
    func damaged(_ name: String, _ change: (inout Data) -> Void) throws -> String {
        var bytes = original
        change(&bytes)
        let url = directory.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }
    let frameBytes = FrameDumpFormat.recordHeaderLength + 1280 * 720 * 2

    // Cut in the middle of the third frame: two complete frames replay, then status 3.
    let truncated = try damaged("truncated.scrydump") { $0 = $0.prefix(16 + 2 * frameBytes + 5000) }
    let result = try expectFailure(["replay", "--no-text", truncated], status: 3, mentioning: "truncated frame dump")
    #expect(Set(try jsonLines(result).compactMap { $0["frame"] as? Int }) == [0, 1])
    _ = try expectFailure(["dump", "info", truncated], status: 3, mentioning: "truncated")

    let flipped = try damaged("flipped.scrydump") { $0[16 + frameBytes + 44 + 1000] ^= 0x55 }
    _ = try expectFailure(["replay", "--no-text", flipped], status: 65, mentioning: "CRC-32 mismatch")
    let magic = try damaged("magic.scrydump") { $0[0] = 0 }
    _ = try expectFailure(["replay", magic], status: 65, mentioning: "bad magic")
    let version = try damaged("version.scrydump") { $0[8] = 9 }
    _ = try expectFailure(["dump", "info", version], status: 65, mentioning: "version 9")
    let size = try damaged("size.scrydump") { $0[16 + 24 + 3] = 0xff }
    _ = try expectFailure(["dump", "export", size, directory.appendingPathComponent("out").path], status: 65, mentioning: "impossible size")
    let empty = try damaged("empty.scrydump") { $0 = Data() }
    _ = try expectFailure(["replay", empty], status: 65, mentioning: "not a frame dump")
    _ = try expectFailure(["replay", "/nonexistent.scrydump"], status: 66, mentioning: "No such file")
}

/// A QR code holding an escape sequence, a NUL and invalid UTF-8: stdout must carry them
/// escaped, and the exact bytes in base64.
@Test func hostilePayloadsNeverReachTheTerminalRaw() throws {
    let directory = try makeTemporaryDirectory()
    let bytes: [UInt8] = Array("\u{1b}[2J\u{1b}]0;pwned\u{07}".utf8) + [0x00, 0xff, 0xfe, 0x41, 0x0a]
    let data = directory.appendingPathComponent("payload.bin")
    try Data(bytes).write(to: data)
    let png = directory.appendingPathComponent("hostile.png").path
    try runTool("qrencode", ["-8", "-r", data.path, "-o", png, "-s", "6"])
    let result = try scry(["image", "--no-text", png])
    #expect(result.status == 0)
    try expectValidLines(result)
    #expect(!result.stdout.contains(0x1b) && !result.stdout.contains(0x00) && !result.stdout.contains(0x07))
    let barcode = try jsonLines(result).first { $0["type"] as? String == "barcode" }
    #expect(barcode?["payload_base64"] as? String == Data(bytes).base64EncodedString())
}
