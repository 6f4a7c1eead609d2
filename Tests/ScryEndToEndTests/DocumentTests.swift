import Foundation
import ScryTestSupport
import Testing

/// `--rectangles` and `scry scan` on pictures made with ImageMagick: a 600x800 page seen in
/// perspective on a desk (corners (420,90) (860,110) (890,650) (380,640)), and the desk alone.
struct DocumentTests {
    let directory: URL
    let page: String
    let desk: String

    init() throws {
        directory = try makeTemporaryDirectory()
        page = directory.appendingPathComponent("page.png").path
        desk = directory.appendingPathComponent("desk.png").path
        try runTool("convert", [
            "-size", "600x800", "xc:#f2efe6", "-fill", "#222", "-font", "DejaVu-Serif", "-pointsize", "26",
            "-annotate", "+40+80", "Chapter One", "-annotate", "+40+140", "It is a truth universally",
            "-fill", "black", "-draw", "rectangle 40,220 200,380", directory.appendingPathComponent("flat.png").path,
        ])
        try runTool("convert", ["-seed", "3", "-size", "1280x720", "plasma:#5a4632-#7a6248", "-colorspace", "Gray", desk])
        try runTool("convert", [
            desk, "(", directory.appendingPathComponent("flat.png").path, "-alpha", "set", "-virtual-pixel", "transparent",
            "-define", "distort:viewport=1280x720+0+0", "-distort", "Perspective",
            "0,0 420,90  600,0 860,110  600,800 890,650  0,800 380,640", ")", "-composite", "-colorspace", "Gray", page,
        ])
    }

    private func lines(_ result: ProcessResult, _ type: String) throws -> [[String: Any]] {
        try jsonLines(result).filter { $0["type"] as? String == type }
    }

    @Test func rectanglesAreReportedWithTheirCorners() throws {
        let result = try scry(["image", "--rectangles", "--no-barcodes", "--no-text", "--stats", page, desk])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let found = try lines(result, "rectangle")
        #expect(found.count == 1)
        #expect(found.first?["file"] as? String == page)
        let corners = try #require(found.first?["pixel_corners"] as? [[String: Double]])
        let placed: [(Double, Double)] = [(420, 90), (860, 110), (890, 650), (380, 640)]
        for (corner, truth) in zip(corners, placed) {
            #expect(abs(corner["x"]! + 0.5 - truth.0) < 2 && abs(corner["y"]! + 0.5 - truth.1) < 2, "\(corners)")
        }
        let lanes = try #require(try lines(result, "stats").first?["lanes"] as? [String: [String: Any]])
        #expect(lanes["rectangle"]?["detections"] as? Int == 1)
    }

    @Test func aStreamConfirmsARectangleTrackAndLosesIt() throws {
        let dump = directory.appendingPathComponent("page.scrydump").path
        #expect(try scry(["dump", "create", "-o", dump, "--repeat", "10", page]).status == 0)
        let result = try scry(["replay", "--rectangles", "--no-barcodes", "--no-text", "--annotate", directory.appendingPathComponent("seen").path, dump])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let events = try lines(result, "rectangle").compactMap { $0["event"] as? String }
        #expect(events == ["confirmed", "lost"], "\(events)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("seen").path)
        #expect(pictures.count == 10)
    }

    @Test func scanWritesTheFlattenedPage() throws {
        let out = directory.appendingPathComponent("pages").path
        let result = try scry(["scan", "-o", out, page, desk])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let pages = try lines(result, "page")
        #expect(pages.count == 1)
        let written = try #require(pages.first?["output"] as? String)
        #expect(written == out + "/page-0001.png")
        // Twice the size the frame shows it at, in the proportions the perspective gives: the
        // bottom side is 510 px long, so about 1020 wide; ImageMagick's corners are no
        // camera's view of the 600x800 page, and they make it about 0.82 as wide as high.
        let width = try #require(pages.first?["width"] as? Int), height = try #require(pages.first?["height"] as? Int)
        #expect((1000...1040).contains(width) && (1200...1300).contains(height), "\(width)x\(height)")
        let identify = try runProcess("/usr/bin/identify", ["-format", "%w %h %[fx:mean]", written])
        let fields = identify.stdoutText.split(separator: " ")
        #expect(fields.count == 3 && Int(fields[0]) == width && Int(fields[1]) == height, "\(identify.stdoutText)")
        // Paper, print and the black square: light on the whole, no desk.
        #expect((Double(fields.last ?? "") ?? 0) > 0.75, "\(identify.stdoutText)")
        #expect(result.stderr.contains("1 page written"))
    }

    @Test func aDumpHeldStillGivesOnePage() throws {
        let dump = directory.appendingPathComponent("held.scrydump").path
        #expect(try scry(["dump", "create", "-o", dump, "--fps", "30", "--repeat", "45", page]).status == 0)
        let result = try scry(["scan", "-o", directory.appendingPathComponent("held").path, dump])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try lines(result, "page")
        // Still for 1.5 s: taken once, on the first frame 0.5 s or more after it came to rest
        // (frame 15 lies 0.499999995 s after the first, so frame 16).
        #expect(pages.count == 1)
        #expect(pages.first?["frame"] as? Int == 16)
    }

    @Test func scanFailuresAreOneLineWithTheirStatus() throws {
        let blocker = directory.appendingPathComponent("a-file").path
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        _ = try expectFailure(["scan", "-o", blocker, page], status: 73, mentioning: "cannot make the directory")
        _ = try expectFailure(["scan", "-o", blocker + "/below", page], status: 73, mentioning: "cannot make the directory")
        _ = try expectFailure(["scan", page], status: 64, mentioning: "--pdf")
        // A missing file among good ones: the others are scanned, the status is the failure's.
        let result = try scry(["scan", "-o", directory.appendingPathComponent("some").path, "missing.png", page])
        #expect(result.status == 66)
        #expect(try lines(result, "page").count == 1)
    }

    @Test func scanNumbersOnAndNeverWritesOverAPage() throws {
        let out = directory.appendingPathComponent("sittings")
        #expect(try scry(["scan", "-o", out.path, page]).status == 0)
        // A second sitting goes on after the first; after a page put there by hand, past it.
        var result = try scry(["scan", "-o", out.path, page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(result, "page").first?["output"] as? String == out.path + "/page-0002.png")
        let kept = Data("not a page".utf8)
        #expect(FileManager.default.createFile(atPath: out.appendingPathComponent("page-0041.png").path, contents: kept))
        result = try scry(["scan", "-o", out.path, page, page])
        #expect(try lines(result, "page").compactMap { $0["output"] as? String }
            == [out.path + "/page-0042.png", out.path + "/page-0043.png"])
        #expect(FileManager.default.contents(atPath: out.appendingPathComponent("page-0041.png").path) == kept)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["page-0001.png", "page-0002.png", "page-0041.png", "page-0042.png", "page-0043.png"], "\(names)")
    }

    /// A page held so close that a corner lies 12 px above the frame: from a photo it is
    /// flattened with that corner extrapolated, its line saying the frame cuts it at the top;
    /// from a stream it is not taken, and stderr says once to move back.
    @Test func aPageTheFrameCutsIsSaidToBeCut() throws {
        let close = directory.appendingPathComponent("close.png").path
        try runTool("convert", [
            desk, "(", directory.appendingPathComponent("flat.png").path, "-alpha", "set", "-virtual-pixel", "transparent",
            "-define", "distort:viewport=1280x720+0+0", "-distort", "Perspective",
            "0,0 420,-12  600,0 860,10  600,800 890,650  0,800 380,640", ")", "-composite", "-colorspace", "Gray", close,
        ])
        let photo = try scry(["scan", "-o", directory.appendingPathComponent("close-pages").path, close])
        #expect(photo.status == 0, "\(photo.stderr)")
        try expectValidLines(photo)
        let page = try #require(try lines(photo, "page").first)
        #expect(page["cut"] as? [String] == ["top"])
        let corner = try #require((page["pixel_corners"] as? [[String: Double]])?.first)
        #expect(abs(corner["x"]! + 0.5 - 420) < 4 && abs(corner["y"]! + 0.5 + 12) < 4, "\(corner)")
        #expect(photo.stderr.contains("reached past the frame"), "\(photo.stderr)")

        let dump = directory.appendingPathComponent("close.scrydump").path
        #expect(try scry(["dump", "create", "-o", dump, "--fps", "30", "--repeat", "45", close]).status == 0)
        let stream = try scry(["scan", "-o", directory.appendingPathComponent("close-stream").path, dump])
        #expect(stream.status == 1, "\(stream.stderr)")
        #expect(try lines(stream, "page").isEmpty)
        let hints = stream.stderr.split(separator: "\n").filter { $0.contains("move back") }
        #expect(hints.count == 1 && hints.first?.contains("top edge") == true, "\(stream.stderr)")
    }

    @Test func scanWithoutAPageSaysSoWithStatus1() throws {
        let result = try scry(["scan", "-o", directory.appendingPathComponent("none").path, desk])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("no page found"), "\(result.stderr)")
    }

    @Test func scanKeepsColourWhenAsked() throws {
        // The same view in colour: a red square on the page.
        let seen = directory.appendingPathComponent("colour-seen.png").path
        let flat = directory.appendingPathComponent("colour-flat.png").path
        try runTool("convert", [
            "-size", "600x800", "xc:#f2efe6", "-fill", "#d02010", "-draw", "rectangle 100,200 500,600", flat,
        ])
        try runTool("convert", [
            desk, "-colorspace", "sRGB", "-type", "TrueColor", "(", flat, "-alpha", "set", "-virtual-pixel", "transparent",
            "-define", "distort:viewport=1280x720+0+0", "-distort", "Perspective",
            "0,0 420,90  600,0 860,110  600,800 890,650  0,800 380,640", ")", "-composite", seen,
        ])
        let out = directory.appendingPathComponent("colour").path
        for colour in [false, true] {
            let result = try scry(["scan", "-o", out] + (colour ? ["--colour"] : []) + [seen])
            #expect(result.status == 0, "\(result.stderr)")
            let written = try #require(try lines(result, "page").first?["output"] as? String)
            // The middle of the page is the square: red, or its gray.
            let pixel = try runProcess("/usr/bin/convert", [written, "-gravity", "center", "-crop", "1x1+0+0", "-depth", "8", "txt:-"])
            let rgb = pixel.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
            #expect(rgb.contains(colour ? "srgb(20" : "gray("), "\(rgb)")
        }
    }

    @Test func scanWritesASearchablePDF() throws {
        // Two views of the page: the PDF has both, each with its words.
        let out = directory.appendingPathComponent("book.pdf").path
        let result = try scry(["scan", "--pdf", out, page, desk, page])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        #expect(try lines(result, "page").compactMap { $0["output"] as? String } == [out + "#page=1", out + "#page=2"])
        for number in ["1", "2"] {
            let text = try runProcess("pdftotext", ["-f", number, "-l", number, out, "-"]).stdoutText
            for word in ["Chapter", "One", "truth", "universally"] { #expect(text.contains(word), "page \(number): \(text)") }
        }
        let images = try runProcess("pdfimages", ["-list", out]).stdoutText.split(separator: "\n").dropFirst(2)
        #expect(images.count == 2, "\(images)")
        let rendered = directory.appendingPathComponent("rendered").path
        #expect(try runProcess("pdftoppm", ["-r", "30", "-gray", out, rendered]).status == 0)
        #expect(FileManager.default.fileExists(atPath: rendered + "-1.pgm") && FileManager.default.fileExists(atPath: rendered + "-2.pgm"))
        // A PDF is never written over: refused before anything is read, the file as it was.
        let before = FileManager.default.contents(atPath: out)
        _ = try expectFailure(["scan", "--pdf", out, page], status: 73, mentioning: "never written over")
        #expect(FileManager.default.contents(atPath: out) == before)
    }

    @Test func vocabReadScanReadsTheFlattenedPage() throws {
        // A page of larger print, seen turned and in perspective.
        let flat = directory.appendingPathComponent("garden.png").path
        let seen = directory.appendingPathComponent("garden-seen.png").path
        try runTool("convert", [
            "-size", "600x800", "xc:#f2efe6", "-fill", "#111", "-font", "DejaVu-Serif", "-pointsize", "34",
            "-annotate", "+40+120", "The gardener planted", "-annotate", "+40+190", "roses by the fountain.", flat,
        ])
        try runTool("convert", [
            desk, "(", flat, "-alpha", "set", "-virtual-pixel", "transparent", "-define", "distort:viewport=1280x720+0+0",
            "-distort", "Perspective", "0,0 420,90  600,0 860,110  600,800 890,650  0,800 380,640", ")", "-composite",
            "-colorspace", "Gray", seen,
        ])
        let database = directory.appendingPathComponent("garden.sqlite").path
        let pdf = directory.appendingPathComponent("garden.pdf").path
        let result = try scry(["vocab", "read", "--scan", "--known", "0", "--db", database, "--pdf", pdf, seen, desk])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let words = Set(try jsonLines(result).compactMap { $0["word"] as? String })
        #expect(words.isSuperset(of: ["gardener", "plant", "rose", "fountain"]), "\(words)")
        // Both pictures were read, so both are pages; the flattened one has the words.
        let text = try runProcess("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]).stdoutText
        #expect(text.contains("gardener") && text.contains("fountain"), "\(text)")
        #expect(try runProcess("pdfimages", ["-list", pdf]).stdoutText.split(separator: "\n").count == 4)
    }

    @Test func badRectangleOptionsAreUsageErrors() throws {
        _ = try expectFailure(["image", "--rectangles", "--min-aspect-ratio", "2", page], status: 64, mentioning: "aspect")
        _ = try expectFailure(["image", "--rectangles", "--min-aspect-ratio", "0.9", "--max-aspect-ratio", "0.5", page], status: 64, mentioning: "--min-aspect-ratio")
        _ = try expectFailure(["image", "--rectangles", "--quadrature-tolerance", "50", page], status: 64, mentioning: "--quadrature-tolerance")
        _ = try expectFailure(["image", "--rectangles", "--min-size", "nan", page], status: 64, mentioning: "--min-size")
        _ = try expectFailure(["image", "--rectangles", "--max-rectangles", "-1", page], status: 64, mentioning: "--max-rectangles")
    }
}
