import Foundation
import ScryTestSupport
import Testing

/// `--plain`: one line per detection for a person, nothing else on stdout.
@Suite struct PlainOutputTests {
    @Test func imagesGiveCodesAndTextLines() throws {
        let folder = try demoFramesFolder()
        let code = try scry(["image", "--plain", folder.appendingPathComponent("frame-000000.png").path])
        #expect(code.status == 0, "\(code.stderr)")
        #expect(code.stdoutLines == ["qr_code:https://example.org/scry?demo=1"])
        let page = try scry(["image", "--plain", folder.appendingPathComponent("frame-000004.png").path])
        #expect(page.stdoutLines == (try demoPageLines()))
    }

    @Test func severalFilesAreNamedAsGrepNamesThem() throws {
        let folder = try demoFramesFolder()
        let files = ["frame-000002.png", "frame-000003.png"].map { folder.appendingPathComponent($0).path }
        let result = try scry(["image", "--plain", "--no-text"] + files)
        #expect(result.stdoutLines == ["\(files[0]): code_128:SCRY-DEMO-0042", "\(files[1]): data_matrix:Scry Data Matrix demo"])
    }

    @Test func aReplayPrintsEachTrackOnce() throws {
        let result = try scry(["replay", "--plain", demoDump])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        // Each confirmed code once. (The Code 128, in one frame and read by one engine, is
        // never confirmed: its track stays unconfirmed, and only --every-frame shows it.)
        #expect(lines.contains("qr_code:https://example.org/scry?demo=1"))
        #expect(lines.contains("ean_13:9780262033848"))
        #expect(lines.contains("data_matrix:Scry Data Matrix demo"))
        #expect(lines.filter { $0 == "qr_code:https://example.org/scry?demo=1" }.count == 1)
        // The page's lines, read (a line is printed when read).
        for line in try demoPageLines() { #expect(lines.contains(line), "\(line) in \(lines)") }
        #expect(!lines.contains { $0.hasPrefix("{") })
    }

    @Test func inkGivesItsBestCandidate() throws {
        let ink = #"{"strokes":[{"points":[{"x":0,"y":0},{"x":100,"y":0},{"x":100,"y":100},{"x":0,"y":100},{"x":0,"y":0}]}]}"#
        let file = try makeTemporaryDirectory().appendingPathComponent("square.json")
        try Data(ink.utf8).write(to: file)
        let json = try jsonLines(try scry(["ink", "--model", "shapes", file.path]))
        let best = try #require(((json.first?["candidates"] as? [[String: Any]])?.first?["text"]) as? String)
        let plain = try scry(["ink", "--model", "shapes", "--plain", file.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdoutLines == [best])
    }

    @Test func scanGivesThePagesWritten() throws {
        let folder = try demoFramesFolder()
        let pages = try makeTemporaryDirectory()
        // Frame 3 shows a page; frame 4 none.
        let frames = ["frame-000003.png", "frame-000004.png"].map { folder.appendingPathComponent($0).path }
        let result = try scry(["scan", "--plain", "-o", pages.path] + frames)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == [pages.appendingPathComponent("page-0001.png").path])
    }

    @Test func payloadLineBreaksStayOnOneLine() throws {
        // A QR code holding two lines, made with qrencode.
        let directory = try makeTemporaryDirectory()
        let png = directory.appendingPathComponent("two-lines.png").path
        try runTool("qrencode", ["-o", png, "-s", "8", "first line\nsecond line"])
        let result = try scry(["image", "--plain", "--no-text", png])
        #expect(result.stdoutLines == ["qr_code:first line\\nsecond line"])
    }

    @Test func vocabularyGivesEachWordAndItsSentence() throws {
        let folder = try demoFramesFolder()
        let database = folder.appendingPathComponent("words.sqlite").path
        let read = try scry(["vocab", "read", "--plain", "--db", database, folder.appendingPathComponent("frame-000004.png").path])
        #expect(read.status == 0, "\(read.stderr)")
        // The word, its meaning, and its sentence: the page's heading ("Chapter One") is not
        // glued to it, and the 2,000 most common lemmas ("chapter", "fox", "jump") are known.
        #expect(read.stdoutLines.first == "lazy\tmoving slowly and gently\tThe quick brown fox jumps over the lazy dog.")
        let list = try scry(["vocab", "list", "--plain", "--db", database])
        #expect(list.stdoutLines == read.stdoutLines)
    }
}
