import Foundation
import ScryCore
import ScryDumps
import ScryImageIO
import ScryNeural
import ScryTestSupport
import SystemPackage
import Testing

@testable import ScryNeuralText

/// Frame `sequence` of Calibration/demo.scrydump, gray: 0 a QR code, 5 the book page.
func demoFrame(_ sequence: UInt64) throws -> GrayImage {
    let reader = try FrameDumpReader(path: FilePath(RepositoryPaths.calibration.appendingPathComponent("demo.scrydump").path))
    var found: GrayImage?
    while let frame = try reader.next() { if frame.sequence == sequence { found = try GrayImage(frame: frame) } }
    return try #require(found)
}

/// The demo dump's book page (frame 5), upright and gray.
func demoPage() throws -> GrayImage { try demoFrame(5) }

/// The demo page's lines of text (its top 560 rows), the right-hand side from x = 1000 white,
/// moved `dx` pixels right (white coming in at the left), so that each line is seen whole at
/// any move up to 280.
func leftOfDemoPage(movedBy dx: Int) throws -> GrayImage {
    let page = try #require(try demoPage().cropped(to: PixelRect(x: 0, y: 0, width: 1280, height: 560)))
    var pixels = [UInt8](repeating: 255, count: page.pixels.count)
    for y in 0..<page.height {
        for x in 0..<1000 where x + dx < page.width { pixels[y * page.width + x + dx] = page.pixels[y * page.width + x] }
    }
    return GrayImage(width: page.width, height: page.height, pixels: pixels)
}

/// Renders `text` in DejaVu Serif with ImageMagick, turned `degrees` clockwise.
func rendered(_ text: String, degrees: Double = 0, pointSize: Int = 28) throws -> GrayImage {
    let path = try makeTemporaryDirectory().appendingPathComponent("line.png").path
    try runTool("convert", [
        "-size", "1000x300", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "\(pointSize)",
        "-annotate", "+60+150", text, "-background", "white", "-rotate", "\(degrees)", "-colorspace", "Gray", path,
    ])
    return try ImageFile.readGray(path: FilePath(path))
}

@Suite struct NeuralTextEngineTests {
    @Test func theDemoPageIsReadLineByLine() throws {
        let engine = try NeuralTextEngine(options: .init(levels: [.line, .word], recognize: true))
        let found = engine.detectText(in: try demoPage())
        let lines = found.filter { $0.level == .line }.compactMap(\.text)
        #expect(lines.starts(with: ["Chapter One", "The quick brown fox jumps over the lazy dog.", "A webcam pointed at a page of a book reads"]))
        #expect(lines.contains("Scry reports them as lines of"))
        // Words come after their line, inside it, with their own text.
        let words = found.filter { $0.level == .word }
        #expect(words.prefix(2).compactMap(\.text) == ["Chapter", "One"])
        let chapter = try #require(found.first)
        for word in words.prefix(2) {
            #expect(chapter.pixelBounds.contains(word.pixelBounds.centre))
            #expect(word.corners?.count == 4)
        }
        for observation in found { #expect((0...1).contains(observation.confidence ?? -1)) }
        #expect(engine.failedImages == 0)
    }

    @Test func aTurnedLineIsReadAndItsCornersFollowIt() throws {
        let image = try rendered("Pride and Prejudice, by Jane Austen", degrees: 4)
        let engine = try NeuralTextEngine(options: .init(recognize: true))
        let lines = engine.detectText(in: image)
        try #require(lines.count == 1)
        #expect(lines[0].text == "Pride and Prejudice, by Jane Austen")
        let corners = try #require(lines[0].corners)
        // Turned clockwise: the right end of the top edge is lower than its left end.
        let drop = corners[1].y - corners[0].y, run = corners[1].x - corners[0].x
        #expect(abs(atan2(drop, run) * 180 / .pi - 4) < 1.5)
    }

    @Test func boxesWithoutRecognitionNeedNoRecognizer() throws {
        var models = TextModels.ppOCRv6Small
        models.recognizer = "/nonexistent/recognizer.onnx"
        let engine = try NeuralTextEngine(options: .init(), models: models)
        let lines = engine.detectText(in: try demoPage())
        #expect(lines.count >= 6 && lines.allSatisfy { $0.level == .line && $0.text == nil })
    }

    @Test func anEngineOverItsMemoryCeilingGivesMemoryBackAndReadsTheSame() throws {
        let page = try demoPage()
        let keeping = try NeuralTextEngine(options: .init(levels: [.line, .word], recognize: true))
        var options = NeuralTextEngine.Options(levels: [.line, .word], recognize: true)
        // Any process is over one byte: the engine compiles its models again after each image.
        options.memoryCeiling = 1
        let releasing = try NeuralTextEngine(options: options)
        let expected = keeping.detectText(in: page)
        #expect(expected.count > 10)
        #expect(releasing.detectText(in: page) == expected)
        let other = releasing.detectText(in: try rendered("Pride and Prejudice"))
        #expect(other.filter { $0.level == .line }.compactMap(\.text) == ["Pride and Prejudice"])
        #expect(releasing.detectText(in: page) == expected)
        #expect(releasing.memoryReleases == 3)
        #expect(keeping.memoryReleases == 0)
        #expect(releasing.failedImages == 0)
    }

    @Test func aBlankImageHoldsNoText() throws {
        let engine = try NeuralTextEngine(options: .init(recognize: true))
        #expect(engine.detectText(in: GrayImage(width: 640, height: 360, filledWith: 200)).isEmpty)
        #expect(engine.detectText(in: GrayImage(width: 0, height: 0, pixels: [])).isEmpty)
    }

    @Test func modelsOfTheWrongKindAreRefused() throws {
        var swapped = TextModels.ppOCRv6Small
        swapped.recognizer = swapped.detector
        #expect(throws: NeuralRuntimeError.self) { try NeuralTextEngine(options: .init(recognize: true), models: swapped) }
        do {
            _ = try NeuralTextEngine(options: .init(recognize: true), models: swapped)
        } catch {
            guard case .unexpectedModelShape(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == swapped.detector)
        }
        var recognizerAsDetector = TextModels.ppOCRv6Small
        recognizerAsDetector.detector = recognizerAsDetector.recognizer
        #expect(throws: NeuralRuntimeError.self) { try NeuralTextEngine(options: .init(), models: recognizerAsDetector) }
    }

    @Test func theDetectorSeesThePictureNear736RowsInMultiplesOf32() throws {
        let engine = try NeuralTextEngine()
        #expect(engine.detectionSize(for: GrayImage(width: 1280, height: 720, filledWith: 0)) == ImageSize(width: 1312, height: 736))
        let small = try NeuralTextEngine(options: .init(detectionShortSide: 352))
        #expect(small.detectionSize(for: GrayImage(width: 1280, height: 720, filledWith: 0)) == ImageSize(width: 640, height: 352))
    }
}

@Suite struct NeuralTextEngineEdgeTests {
    @Test func linesAtTheBorderKeepTheirCornersInsideTheImage() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("edge.png").path
        // Capitals whose tops touch the first row: the grown-back line reaches past it.
        try runTool("convert", [
            "-size", "600x80", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "30",
            "-annotate", "+20+22", "EDGE OF THE PAGE", "-colorspace", "Gray", path,
        ])
        let image = try ImageFile.readGray(path: FilePath(path))
        let lines = try NeuralTextEngine(options: .init(levels: [.line, .word], recognize: true)).detectText(in: image)
        #expect(lines.filter { $0.level == .line }.compactMap(\.text).joined(separator: " ") == "EDGE OF THE PAGE")
        for observation in lines {
            for corner in try #require(observation.corners) {
                #expect((0...600).contains(corner.x) && (0...80).contains(corner.y), "\(corner)")
            }
        }
    }
}

@Suite struct NeuralTextEngineZoomTests {
    /// A paragraph of small print (10 pt DejaVu Serif: x-height about 5 px) in the middle of
    /// a 1280x720 frame: the lines are thin, so the engine looks again at the region, enlarged.
    @Test func smallPrintIsLookedAtAgainEnlarged() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("small.png").path
        let text = "It is a truth universally acknowledged, that a single man\\nin possession of a good fortune, must be in want of a wife.\\nHowever little known the feelings or views of such a man"
        try runTool("convert", [
            "-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "10",
            "-interline-spacing", "4", "-annotate", "+480+330", text, "-colorspace", "Gray", path,
        ])
        let image = try ImageFile.readGray(path: FilePath(path))
        let engine = try NeuralTextEngine(options: .init(recognize: true))
        let lines = engine.detectText(in: image).compactMap(\.text)
        #expect(engine.zoomedImages == 1)
        #expect(lines == [
            "It is a truth universally acknowledged, that a single man", "in possession of a good fortune, must be in want of a wife.",
            "However little known the feelings or views of such a man",
        ])
        // Boxes are in the frame's pixels, around the paragraph.
        let first = try #require(engine.detectText(in: image).first)
        #expect(first.pixelBounds.x > 470 && first.pixelBounds.x < 490 && first.pixelBounds.y > 310 && first.pixelBounds.y < 330)
        var noZoom = NeuralTextEngine.Options(recognize: true)
        noZoom.zoomsIntoSmallText = false
        let plain = try NeuralTextEngine(options: noZoom)
        _ = plain.detectText(in: image)
        #expect(plain.zoomedImages == 0)
    }

    /// A whole frame of small print, as `smallPrintIsLookedAtAgainEnlarged`'s but over most
    /// of its height: with the detector's size fixed, the zoom is looked at in strips.
    @Test func aDetectorOfFixedSizeLooksAtSmallPrintInStripsAndReadsTheSame() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("small.png").path
        let sentences = [
            "It is a truth universally acknowledged, that a single man", "in possession of a good fortune, must be in want of a wife.",
            "However little known the feelings or views of such a man", "may be on his first entering a neighbourhood, this truth",
            "is so well fixed in the minds of the surrounding families,", "that he is considered the rightful property",
        ]
        let text = (0..<4).flatMap { _ in sentences }.joined(separator: "\\n")
        try runTool("convert", [
            "-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "11",
            "-interline-spacing", "8", "-annotate", "+380+40", text, "-colorspace", "Gray", path,
        ])
        let image = try ImageFile.readGray(path: FilePath(path))
        var options = NeuralTextEngine.Options(recognize: true)
        options.fixesDetectionSize = true
        let fixed = try NeuralTextEngine(options: options)
        let open = try NeuralTextEngine(options: .init(recognize: true))
        let expected = (0..<4).flatMap { _ in sentences }
        let lines = fixed.detectText(in: image).compactMap(\.text)
        #expect(fixed.fixedDetectionSize == ImageSize(width: 1312, height: 736))
        #expect(fixed.zoomedImages == 1)
        #expect(fixed.zoomStrips >= 2)
        #expect(lines == expected)
        #expect(open.detectText(in: image).compactMap(\.text) == expected)
        #expect(open.zoomStrips == 0 && open.fixedDetectionSize == nil)
        // An image of another size is fitted into the fixed size: a wider one is shrunk.
        let wide = try rendered("Pride and Prejudice", pointSize: 40)
        #expect(fixed.detectText(in: wide).compactMap(\.text) == ["Pride and Prejudice"])
        #expect(fixed.failedImages == 0)
    }

    @Test func stripsCoverEveryRowAndKeepEachLineOnce() {
        #expect(NeuralTextEngine.strips(ofRows: 400, stripRows: 500, overlap: 80).map(\.start) == [0])
        let strips = NeuralTextEngine.strips(ofRows: 1000, stripRows: 400, overlap: 100)
        #expect(strips.map(\.start) == [0, 300, 600])
        // The rows each keeps meet at the middle of each overlap and cover every row once.
        #expect(strips[0].keeps.lowerBound == -.infinity && strips[0].keeps.upperBound == 350)
        #expect(strips[1].keeps == 350..<650)
        #expect(strips[2].keeps.lowerBound == 650 && strips[2].keeps.upperBound == .infinity)
        for count in [401, 777, 1499, 3000] {
            let strips = NeuralTextEngine.strips(ofRows: count, stripRows: 400, overlap: 100)
            #expect(strips.last!.start + 400 == count)
            for (before, after) in zip(strips, strips.dropFirst()) {
                #expect(before.start + 400 - after.start >= 100)
                #expect(before.keeps.upperBound == after.keeps.lowerBound)
                // A kept centre lies at least half the overlap from the strip's cut edges.
                #expect(after.keeps.lowerBound - Double(after.start) >= 50)
                #expect(Double(before.start + 400) - before.keeps.upperBound >= 50)
            }
        }
    }

    @Test func noiseLinesAreLeftOutUnlessAsked() throws {
        // The demo dump's Data Matrix: the recognizer reading every character it knows, shown
        // its modules, reads a Chinese character with little confidence; the rule leaves none
        // of them as text.
        let image = try demoFrame(3)
        var all = NeuralTextEngine.Options(recognize: true)
        all.script = .all
        all.keepsAllLines = true
        let everything = try NeuralTextEngine(options: all).detectText(in: image)
        #expect(!everything.isEmpty)
        #expect(everything.contains { LineNoiseRule().isNoise(text: $0.text ?? "", confidence: $0.confidence ?? 0) })
        var ruled = NeuralTextEngine.Options(recognize: true)
        ruled.script = .all
        let engine = try NeuralTextEngine(options: ruled)
        let kept = engine.detectText(in: image)
        #expect(kept.allSatisfy { !LineNoiseRule().isNoise(text: $0.text ?? "", confidence: $0.confidence ?? 0) })
        #expect(engine.noiseLines == everything.count - kept.count && engine.noiseLines > 0)
    }
}

/// The engine with language correction, on print the recognizer alone misreads.
@Suite struct NeuralTextEngineCorrectionTests {
    /// Debian's American and British English word lists (wamerican, wbritish).
    static func englishLexicon() throws -> Lexicon {
        var lexicon = Lexicon()
        for name in ["american-english", "british-english"] {
            lexicon.add(contents: Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/dict/" + name))))
        }
        return lexicon
    }

    @Test func languageCorrectionReadsSmallBlurredPrintAsItsWords() throws {
        // 10-point DejaVu Serif in a 1280x720 frame, blurred and saved as a JPEG of quality 70
        // by ImageMagick: the recognizer alone misreads a word of it ("comversation").
        let truth = "She was very tolerably capable of attending to the conversation"
        let path = try makeTemporaryDirectory().appendingPathComponent("small.jpg").path
        try runTool("convert", [
            "-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "10",
            "-annotate", "+300+360", truth, "-blur", "0x0.9", "-colorspace", "Gray", "-quality", "70", path,
        ])
        let image = try ImageFile.readGray(path: FilePath(path))
        var options = NeuralTextEngine.Options(levels: [.line, .word], recognize: true)
        let plain = try NeuralTextEngine(options: options).detectText(in: image)
        options.languageCorrection = LanguageCorrection(lexicon: try Self.englishLexicon())
        let engine = try NeuralTextEngine(options: options)
        let corrected = engine.detectText(in: image)
        #expect(corrected.filter { $0.level == .line }.compactMap(\.text) == [truth])
        #expect(corrected.filter { $0.level == .word }.compactMap(\.text) == truth.split(separator: " ").map(String.init))
        // Each word replaced was a word misread; the others were read as they are.
        let misread = zip(plain.filter { $0.level == .word }.compactMap(\.text), truth.split(separator: " ")).filter { $0 != $1 }
        #expect(plain.filter { $0.level == .word }.count == 10)
        #expect(engine.correctedWords == misread.count)
    }
}
