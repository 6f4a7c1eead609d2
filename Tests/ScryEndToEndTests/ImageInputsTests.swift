import Foundation
import ScryTestSupport
import Testing

/// `scry image -` (an image's bytes on stdin) and `scry image FOLDER`.
@Suite struct ImageInputsTests {
    @Test func standardInputIsOneImage() throws {
        let code = try demoFramesFolder().appendingPathComponent("frame-000000.png").path
        let result = try shell("scry image --plain - < '\(code)'")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == ["qr_code:https://example.org/scry?demo=1"])
        let json = try jsonLines(try shell("scry image --no-text - < '\(code)'"))
        #expect(json.first { $0["type"] as? String == "image" }?["file"] as? String == "-")
        // Nothing on stdin: one line, 65.
        let empty = try shell("scry image - < /dev/null")
        #expect(empty.status == 65)
        #expect(empty.stderr.split(separator: "\n").count == 1)
        #expect(try scry(["image", "-", "-"]).status == 64)
    }

    @Test func aFolderIsItsFilesInNameOrderAndAFileThatIsNoImageIsReported() throws {
        let folder = try demoFramesFolder()
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("hidden".utf8).write(to: folder.appendingPathComponent(".hidden"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("frame-000000.png"), to: folder.appendingPathComponent("sub/inner.png"))
        let result = try scry(["image", "--no-text", folder.path])
        #expect(result.status == 65)
        // One stderr line, for the text file; the others are read in name order.
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("notes.txt"))
        let files = try jsonLines(result).filter { $0["type"] as? String == "image" }.compactMap { $0["file"] as? String }
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == (0...5).map { "frame-00000\($0).png" })
        let payloads = try jsonLines(result).filter { $0["type"] as? String == "barcode" }.compactMap { $0["payload"] as? String }
        #expect(payloads.first == "https://example.org/scry?demo=1")
        #expect(payloads.contains("SCRY-DEMO-0042"))
    }

    /// A folder with no file directly in it (the photos a level down) is one line on stderr
    /// and 66, naming its subfolders, before anything is read.
    @Test func aFolderWithNoFilesIsReportedWithItsSubfolders() throws {
        let folder = try makeTemporaryDirectory()
        for name in ["ean", "qr"] {
            let sub = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: try demoFramesFolder().appendingPathComponent("frame-000000.png"), to: sub.appendingPathComponent("1.png"))
        }
        let result = try scry(["image", "--no-text", folder.path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("2 subfolders are not read"), "\(result.stderr)")
        // Named, the subfolders are read.
        let named = try scry(["image", "--no-text", folder.appendingPathComponent("ean").path, folder.appendingPathComponent("qr").path])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try jsonLines(named).filter { $0["type"] as? String == "barcode" }.count == 2)
        let empty = try makeTemporaryDirectory()
        let nothing = try scry(["image", empty.path])
        #expect(nothing.status == 66)
        #expect(nothing.stderr.contains("it holds no files"), "\(nothing.stderr)")
    }
}
