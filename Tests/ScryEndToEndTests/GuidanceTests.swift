import Foundation
import ScryTestSupport
import Testing

/// `--guidance`: frames made by ImageMagick and zint to need each hint get it within a second
/// of the change, good frames get none, and image files get every hint they call for.
struct GuidanceTests {
    /// A page on a desk lit from one side, with two lines of print and a QR code at
    /// `modulePixels` pixels per module (zint draws 2; ImageMagick scales).
    private func deskPage(modulePixels: Double, in directory: URL) throws -> String {
        let code = directory.appendingPathComponent("code.png").path
        let scaled = directory.appendingPathComponent("code-scaled.png").path
        try runTool("zint", ["-b", "58", "-d", "https://example.org/guidance", "--scale", "1", "-o", code])
        try runTool("convert", [code, "-filter", "box", "-resize", "\(Int(modulePixels / 2 * 100))%", scaled])
        let page = directory.appendingPathComponent("desk-\(modulePixels).png").path
        try runTool("convert", [
            "-size", "1280x720", "gradient:gray30-gray80", "-fill", "gray88", "-draw", "rectangle 300,150 980,600",
            "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "22",
            "-annotate", "+330+210", "A page on a desk, lit from the side,", "-annotate", "+330+250", "with a code to read.",
            scaled, "-geometry", "+600+330", "-composite", "-colorspace", "Gray", page,
        ])
        return page
    }

    /// `page` changed by ImageMagick's `change` arguments.
    private func changed(_ page: String, _ change: [String], named name: String, in directory: URL) throws -> String {
        let output = directory.appendingPathComponent("\(name).png").path
        try runTool("convert", [page] + change + ["-colorspace", "Gray", output])
        return output
    }

    /// A 30 fps dump: each of `frames` held `hold` frames, in order.
    private func dump(_ frames: [(path: String, hold: Int)], in directory: URL) throws -> String {
        let dump = directory.appendingPathComponent("frames.scrydump").path
        var arguments = ["dump", "create", "-o", dump, "--fps", "30"]
        for frame in frames { arguments += Array(repeating: frame.path, count: frame.hold) }
        let create = try scry(arguments)
        #expect(create.status == 0, "\(create.stderr)")
        return dump
    }

    private func hints(_ result: ProcessResult) throws -> [(hint: String, frame: Int)] {
        try jsonLines(result).filter { $0["type"] as? String == "hint" }.map { ($0["hint"] as? String ?? "", $0["frame"] as? Int ?? -1) }
    }

    @Test(arguments: ["more_light", "glare", "hold_still", "move_closer"]) func aFrameThatNeedsAHintGetsItWithinASecond(hint: String) throws {
        let directory = try makeTemporaryDirectory()
        let good = try deskPage(modulePixels: 4, in: directory)
        let bad: String
        switch hint {
        case "more_light": bad = try changed(good, ["-evaluate", "multiply", "0.3"], named: "dark", in: directory)
        case "glare":
            bad = try changed(good, [
                "(", "-size", "600x600", "radial-gradient:white-black", "-evaluate", "pow", "0.5", ")", "-geometry", "+400+80",
                "-compose", "screen", "-composite",
            ], named: "glare", in: directory)
        case "hold_still": bad = try changed(good, ["-motion-blur", "0x12+0"], named: "shaken", in: directory)
        default: bad = try deskPage(modulePixels: 1.7, in: directory)
        }
        // A third of a good second, then a bad second: every frame read in order (the
        // barcode lane as on still images, only where the hint depends on it).
        let lanes = hint == "move_closer" ? [] : ["--no-barcodes"]
        let result = try scry(["replay", "--no-text", "--guidance"] + lanes + [try dump([(good, 10), (bad, 30)], in: directory)])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let given = try hints(result)
        #expect(given.map(\.hint) == [hint], "\(given)")
        // Within a second of the change, at 30 frames a second.
        #expect(given.allSatisfy { (10..<40).contains($0.frame) }, "\(given)")
    }

    /// The desk page with a Code 128 (or zint's `symbology`) at `modulePixels` pixels a module
    /// (zint draws 1, ImageMagick scales and softens it by `blur` as a lens would), or with none.
    private func codePage(modulePixels: Double?, symbology: Int = 20, blur: Double = 0.5, in directory: URL) throws -> String {
        let page = directory.appendingPathComponent("code-\(symbology)-\(modulePixels ?? 0).png").path
        var arguments = [
            "-size", "1280x720", "gradient:gray30-gray80", "-fill", "gray88", "-draw", "rectangle 300,150 980,600",
            "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "22",
            "-annotate", "+330+210", "A page on a desk, lit from the side,",
        ]
        if let modulePixels {
            let code = directory.appendingPathComponent("code-\(symbology).png").path
            try runTool("zint", ["-b", "\(symbology)", "-d", "SCRY-20261129", "--scale", "0.5", "--height", "30", "-o", code])
            arguments += [
                "(", code, "-type", "Grayscale", "-filter", "triangle", "-resize", "\(Int(modulePixels * 100))%", "-blur", "0x\(blur)", ")",
                "-geometry", "+600+330", "-composite",
            ]
        }
        try runTool("convert", arguments + ["-colorspace", "Gray", page])
        return page
    }

    /// A code the barcode lane reads nothing of: a Code 128 (20) at 1.2 px a module and a
    /// little soft (OpenCV's detector sees its bars), a QR code (58) at 0.95 px (its finders
    /// still show).
    @Test(arguments: [(20, 1.2, 0.5), (58, 0.95, 0.0)])
    func aCodeSeenButNotReadGetsMoveCloser(symbology: Int, modulePixels: Double, blur: Double) throws {
        let directory = try makeTemporaryDirectory()
        let empty = try codePage(modulePixels: nil, in: directory)
        let small = try codePage(modulePixels: modulePixels, symbology: symbology, blur: blur, in: directory)
        let result = try scry(["replay", "--no-text", "--guidance", try dump([(empty, 10), (small, 30)], in: directory)])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(!lines.contains { $0["type"] as? String == "barcode" }, "\(result.stdoutLines)")
        let given = try hints(result)
        #expect(given.map(\.hint) == ["move_closer"], "\(given)")
        #expect(given.allSatisfy { (10..<40).contains($0.frame) }, "\(given)")
    }

    @Test func goodFramesGetNoHint() throws {
        let directory = try makeTemporaryDirectory()
        let demo = try demoFramesFolder()
        // The demo's six camera frames (its codes and its book page) and the desk page, 330
        // frames in all, with the barcode lane as live capture runs it.
        let frames = (0...5).map { (demo.appendingPathComponent("frame-00000\($0).png").path, 50) }
            + [(try deskPage(modulePixels: 4, in: directory), 30)]
        let result = try scry(["replay", "--realtime", "--no-text", "--guidance", "--stats", try dump(frames, in: directory)])
        #expect(result.status == 0, "\(result.stderr)")
        let given = try hints(result)
        #expect(given.isEmpty, "\(given)")
        let stats = try #require(try jsonLines(result).last)
        let lane = try #require((stats["lanes"] as? [String: [String: Any]])?["guidance"])
        #expect((lane["processed"] as? Int ?? 0) + (lane["dropped"] as? Int ?? 0) == 330, "\(lane)")
    }

    @Test func anImageGetsEveryHintItCallsFor() throws {
        let directory = try makeTemporaryDirectory()
        let good = try deskPage(modulePixels: 4, in: directory)
        let darkAndBlurred = try changed(good, ["-blur", "0x3", "-evaluate", "multiply", "0.3"], named: "dark-blurred", in: directory)
        let result = try scry(["image", "--no-text", "--guidance", "--plain", good, darkAndBlurred])
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stdoutLines.filter { $0.contains("hint:") }
        #expect(said == ["\(darkAndBlurred): hint: More light", "\(darkAndBlurred): hint: Hold still"], "\(result.stdoutLines)")
    }
}
