import Foundation
import ScryTestSupport
import Testing

/// `--text-engine`, and what a missing or broken neural runtime or model does to a run.
@Suite struct TextEngineTests {
    /// The demo page as a PNG (frame 5 of the demo dump).
    func demoPagePNG() throws -> String {
        let directory = try makeTemporaryDirectory()
        let export = try scry(["dump", "export", demoDump, directory.path])
        #expect(export.status == 0, "\(export.stderr)")
        return directory.appendingPathComponent("frame-000005.png").path
    }

    func texts(_ result: ProcessResult, level: String = "line") throws -> [String?] {
        try jsonLines(result).filter { $0["type"] as? String == "text" && $0["level"] as? String == level }.map { $0["text"] as? String }
    }

    @Test func imageFilesAreReadByTheNeuralEngineByDefault() throws {
        let page = try demoPagePNG()
        let result = try scry(["image", "--no-barcodes", "--recognize", "--words", page])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try texts(result)
        #expect(lines.prefix(2) == ["Chapter One", "The quick brown fox jumps over the lazy dog."])
        let text = try jsonLines(result).filter { $0["type"] as? String == "text" }
        #expect(text.allSatisfy { $0["pixel_corners"] != nil && $0["corners"] != nil })
        #expect(try texts(result, level: "word").prefix(3) == ["Chapter", "One", "The"])
    }

    @Test func wordBoxesWithoutRecognitionCarryNoText() throws {
        let result = try scry(["image", "--no-barcodes", "--words", "--text-boxes", try demoPagePNG()])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let words = try texts(result, level: "word")
        #expect(words.count >= 30 && words.allSatisfy { $0 == nil })
    }

    @Test func tesseractRemainsAChoice() throws {
        let result = try scry(["image", "--no-barcodes", "--recognize", "--text-engine", "tesseract", try demoPagePNG()])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try jsonLines(result).filter { $0["type"] as? String == "text" }
        #expect(lines.contains { $0["text"] as? String == "Chapter One" })
        #expect(lines.allSatisfy { $0["corners"] == nil })
        let unknown = try scry(["image", "--text-engine", "easyocr", try demoPagePNG()])
        #expect(unknown.status == 64 && unknown.stderr.contains("neural") && unknown.stderr.contains("tesseract"))
    }

    @Test func theRecognizerReadsLatinByDefaultOrEveryCharacter() throws {
        let page = try demoPagePNG()
        let latin = try scry(["image", "--no-barcodes", "--recognize", page])
        let all = try scry(["image", "--no-barcodes", "--recognize", "--text-script", "all", page])
        #expect(latin.status == 0 && all.status == 0, "\(latin.stderr)\(all.stderr)")
        try expectValidLines(all)
        // The demo page is English: both read it alike.
        #expect(try texts(latin).prefix(3) == texts(all).prefix(3))
        #expect(try texts(latin).prefix(1) == ["Chapter One"])
        let unknown = try scry(["image", "--text-script", "greek", page])
        #expect(unknown.status == 64 && unknown.stderr.contains("latin") && unknown.stderr.contains("all"), "\(unknown.stderr)")
        let vocab = try scry(["vocab", "read", "--text-script", "greek", page])
        #expect(vocab.status == 64, "\(vocab.stderr)")
    }

    /// A run with these environment changes over the test's own.
    /// One line on stderr naming the problem, status 69, nothing on stdout but whole lines.
    func expectUnavailable(_ result: ProcessResult, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.crashed, sourceLocation: sourceLocation)
        #expect(result.status == 69, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("scry: ") && result.stderr.contains(text), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty || result.stdout.last == UInt8(ascii: "\n"), sourceLocation: sourceLocation)
    }

    @Test func aMissingRuntimeIsStatus69() throws {
        let empty = try makeTemporaryDirectory()
        let page = try demoPagePNG()
        expectUnavailable(try scryWith(["image", page], environment: ["SCRY_OPENVINO_DIR": empty.path]), mentioning: "OpenVINO")
        // A library that is not OpenVINO's.
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Data("\u{7F}ELF but not really".utf8).write(to: empty.appendingPathComponent("lib/libopenvino_c.so"))
        expectUnavailable(
            try scryWith(["image", "--recognize", page], environment: ["SCRY_OPENVINO_DIR": empty.path]), mentioning: "libopenvino_c.so")
        // The tesseract engine does not need it.
        let tesseract = try scryWith(["image", "--text-engine", "tesseract", page], environment: ["SCRY_OPENVINO_DIR": empty.path])
        #expect(tesseract.status == 0, "\(tesseract.stderr)")
        // Nor do barcodes alone.
        let barcodes = try scryWith(["image", "--no-text", page], environment: ["SCRY_OPENVINO_DIR": empty.path])
        #expect(barcodes.status == 0, "\(barcodes.stderr)")
    }

    @Test func missingCorruptAndWrongModelsAreStatus69() throws {
        let page = try demoPagePNG()
        let models = try makeTemporaryDirectory()
        expectUnavailable(try scryWith(["image", page], environment: ["SCRY_MODEL_DIR": models.path]), mentioning: "PP-OCRv6_det_small.onnx")
        let installed = URL(fileURLWithPath: "/usr/local/share/scry/models")
        let detector = try Data(contentsOf: installed.appendingPathComponent("PP-OCRv6_det_small.onnx"))
        // Corrupt: the detector cut short.
        try detector.prefix(detector.count / 2).write(to: models.appendingPathComponent("PP-OCRv6_det_small.onnx"))
        expectUnavailable(try scryWith(["image", page], environment: ["SCRY_MODEL_DIR": models.path]), mentioning: "PP-OCRv6_det_small.onnx")
        // Wrong shape: the detector where the recognizer belongs.
        try detector.write(to: models.appendingPathComponent("PP-OCRv6_det_small.onnx"))
        try detector.write(to: models.appendingPathComponent("PP-OCRv6_rec_small.onnx"))
        expectUnavailable(
            try scryWith(["image", "--recognize", page], environment: ["SCRY_MODEL_DIR": models.path]), mentioning: "not the one expected")
        expectUnavailable(
            try scryWith(["vocab", "read", "--db", models.appendingPathComponent("notebook.sqlite").path, page],
                     environment: ["SCRY_MODEL_DIR": models.path]),
            mentioning: "PP-OCRv6_rec_small.onnx")
    }
}

/// The neural engine's noise rule and the barcode lane's areas, end to end on the demo dump's
/// QR code and Data Matrix frames (0 and 3). Shown the Data Matrix, the recognizer reading
/// every character it knows reads one ("限", with little confidence); the QR code's modules it
/// reads as nothing.
@Suite struct TextOverBarcodesTests {
    func frame(_ number: Int) throws -> String {
        let directory = try makeTemporaryDirectory()
        let export = try scry(["dump", "export", demoDump, directory.path])
        #expect(export.status == 0, "\(export.stderr)")
        return directory.appendingPathComponent(String(format: "frame-%06d.png", number)).path
    }

    func textLines(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try scry(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        return try jsonLines(result).filter { $0["type"] as? String == "text" }
    }

    @Test func noTextIsReportedOverACode() throws {
        // The Data Matrix frame as a one-frame dump: a replay runs the text engine on every
        // frame (`scry image` would not even run it on a frame with nothing shaped like text).
        let dump = try makeTemporaryDirectory().appendingPathComponent("code.scrydump").path
        let created = try scry(["dump", "create", "-o", dump, try frame(3)])
        #expect(created.status == 0, "\(created.stderr)")
        // Without the barcode lane and with every line kept, the recognizer reading every
        // character it knows reads the code as text...
        let every = ["--text-script", "all"]
        let unfiltered = try textLines(["replay", "--recognize", "--all-lines", "--no-barcodes", dump] + every)
        #expect(!unfiltered.isEmpty)
        // ...the barcode lane's area removes it, and so does the noise rule on its own.
        #expect(try textLines(["replay", "--recognize", "--all-lines", dump] + every).isEmpty)
        #expect(try textLines(["replay", "--recognize", "--no-barcodes", dump] + every).isEmpty)
        #expect(try textLines(["image", "--recognize", "--no-barcodes", try frame(3)]).isEmpty)
    }

    @Test func aQRCodeIsNoText() throws {
        let image = try frame(0)
        #expect(try textLines(["image", "--recognize", "--all-lines", "--no-barcodes", image]).isEmpty)
        #expect(try textLines(["image", "--recognize", image]).isEmpty)
    }

    @Test func printedDigitsUnderACodeAreText() throws {
        // Frame 1: an EAN-13 whose digits are printed under its bars.
        let lines = try textLines(["image", "--recognize", try frame(1)])
        #expect(lines.contains { ($0["text"] as? String ?? "").contains("033848") })
    }
}

/// The neural engine in streams: lines are read once and kept while they stay, and the next
/// page's lines in the same places are read anew.
@Suite struct StreamedReadingTests {
    /// Two pages whose lines lie in the same places, as a 30 fps dump: each shown `repeat` frames.
    func twoPagesDump(repeat: Int) throws -> (dump: String, pages: [[String]]) {
        let directory = try makeTemporaryDirectory()
        let pages = [
            ["It is a truth universally acknowledged, that a single", "man in possession of a good fortune, must be in"],
            ["The family of Dashwood had long been settled in", "Sussex. Their estate was large, and their residence"],
        ]
        var files: [String] = []
        for (index, lines) in pages.enumerated() {
            let path = directory.appendingPathComponent("page-\(index).png").path
            try runTool("convert", [
                "-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "30",
                "-annotate", "+100+200", lines[0], "-annotate", "+100+280", lines[1], path,
            ])
            files.append(path)
        }
        let dump = directory.appendingPathComponent("pages.scrydump").path
        let create = try scry(["dump", "create", "-o", dump, "--fps", "30", "--repeat", "\(`repeat`)"] + files)
        #expect(create.status == 0, "\(create.stderr)")
        return (dump, pages)
    }

    /// The text lines reported with their text: confirmed read, or read after they were
    /// confirmed without text (live).
    func confirmedLines(_ arguments: [String]) throws -> [(frame: Int, text: String)] {
        try textEvents(arguments)
            .filter { ["confirmed", "read"].contains($0["event"] as? String) && $0["text"] != nil }
            .map { ($0["frame"] as! Int, $0["text"] as! String) }
    }

    /// The text lines of a run that must succeed with valid output.
    func textEvents(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try scry(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        return try jsonLines(result).filter { $0["type"] as? String == "text" }
    }

    @Test func liveLinesAreReportedAsTheyAreFoundAndTheirTextFollows() throws {
        let (dump, pages) = try twoPagesDump(repeat: 150)
        let events = try textEvents(["replay", "--realtime", "--recognize", "--no-barcodes", dump])
        let confirmed = events.filter { $0["event"] as? String == "confirmed" }
        let read = events.filter { $0["event"] as? String == "read" }
        // A page's lines are found in the frame they are found in, before any is read: each is
        // confirmed without text, and its text comes later as the track's read event, once.
        #expect(!confirmed.isEmpty && confirmed.allSatisfy { $0["text"] == nil && $0["pixel_bounds"] != nil })
        #expect(Set(read.map { $0["track"] as! Int }).count == read.count)
        for event in read {
            let track = event["track"] as! Int, frame = event["frame"] as! Int
            let first = try #require(confirmed.first { $0["track"] as? Int == track })
            #expect((first["frame"] as! Int) <= frame)
            #expect(pages[frame / 150].contains(event["text"] as! String), "frame \(frame): \(event)")
        }
        // Five seconds a page: the first page is read (how much of it depends on timing); the
        // last page's lines, still being read when the dump ends, are waited for.
        let texts = Set(read.compactMap { $0["text"] as? String })
        #expect(!texts.isDisjoint(with: pages[0]) && Set(pages[1]).isSubset(of: texts), "\(texts)")
    }

    @Test func aReplayInOrderReadsEachPageOnce() throws {
        let (dump, pages) = try twoPagesDump(repeat: 10)
        let lines = try confirmedLines(["replay", "--recognize", "--no-barcodes", dump])
        #expect(lines.map(\.text) == pages[0] + pages[1])
        #expect(lines.map(\.frame) == [0, 0, 10, 10])
    }

    @Test func liveEachLineReportedBelongsToThePageThenInView() throws {
        let (dump, pages) = try twoPagesDump(repeat: 150)
        let lines = try confirmedLines(["replay", "--realtime", "--recognize", "--no-barcodes", dump])
        for line in lines {
            #expect(pages[line.frame / 150].contains(line.text), "frame \(line.frame): \(line.text)")
        }
        // Five seconds a page: each is read, however busy the machine (what is read when
        // depends on timing; that it is the page in view does not).
        #expect(lines.contains { $0.frame < 150 } && lines.contains { $0.frame >= 150 })
    }

    @Test func liveLinesStillBeingReadWhenTheStreamEndsAreReported() throws {
        // Two frames a page: the stream ends long before the last page's lines are read.
        let (dump, pages) = try twoPagesDump(repeat: 2)
        let lines = try confirmedLines(["replay", "--realtime", "--recognize", "--no-barcodes", dump])
        for line in lines {
            #expect(pages[line.frame / 2].contains(line.text), "frame \(line.frame): \(line.text)")
        }
        #expect(Set(pages[1]).isSubset(of: Set(lines.filter { $0.frame >= 2 }.map(\.text))), "\(lines)")
    }
}
