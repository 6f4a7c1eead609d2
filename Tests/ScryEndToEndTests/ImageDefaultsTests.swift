import Foundation
import ScryTestSupport
import Testing

/// What `scry image FILE` does without options: every barcode, and text read as words; the
/// text engine is loaded only for an image that shows something shaped like text, and
/// tesseract only when it is the engine.
@Suite struct ImageDefaultsTests {
    @Test func aPageGivesItsWordsWithoutOptions() throws {
        let page = try demoFramesFolder().appendingPathComponent("frame-000004.png").path
        let result = try scry(["image", page])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try jsonLines(result)
        let texts = lines.filter { $0["type"] as? String == "text" }
        #expect(texts.map { $0["text"] as? String } == (try demoPageLines()).map { $0 as String? })
        #expect(lines.first?["recognize"] as? Bool == true)
        // --text-boxes: the boxes alone.
        let boxes = try jsonLines(try scry(["image", "--text-boxes", page])).filter { $0["type"] as? String == "text" }
        #expect(boxes.count == texts.count)
        #expect(boxes.allSatisfy { $0["text"] == nil })
    }

    @Test func anImageWithoutTextNeverLoadsTheTextEngine() throws {
        let folder = try demoFramesFolder()
        let empty = try makeTemporaryDirectory()
        // No runtime at all: a code alone is still read, and the run succeeds.
        let code = try scryWith(["image", folder.appendingPathComponent("frame-000000.png").path], environment: ["SCRY_OPENVINO_DIR": empty.path])
        #expect(code.status == 0, "\(code.stderr)")
        #expect(code.stderr.isEmpty)
        let barcodes = try jsonLines(code).filter { $0["type"] as? String == "barcode" }
        #expect(barcodes.map { $0["payload"] as? String } == ["https://example.org/scry?demo=1"])
        #expect(try jsonLines(code).allSatisfy { $0["type"] as? String != "text" })
        // The page needs it: one line, status 69.
        let page = try scryWith(["image", folder.appendingPathComponent("frame-000004.png").path], environment: ["SCRY_OPENVINO_DIR": empty.path])
        #expect(page.status == 69, "\(page.stderr)")
        #expect(page.stderr.split(separator: "\n").count == 1)
    }

    @Test func tesseractIsLoadedOnlyWhenItIsTheEngine() throws {
        let code = try demoFramesFolder().appendingPathComponent("frame-000000.png").path
        func loaded(_ arguments: [String]) throws -> String {
            let result = try scryWith(arguments, environment: ["LD_DEBUG": "files"])
            #expect(result.status == 0)
            return result.stderr
        }
        #expect(!(try loaded(["--version"])).contains("libtesseract"))
        #expect(!(try loaded(["image", "--no-text", code])).contains("libtesseract"))
        #expect((try loaded(["image", "--text-engine", "tesseract", "--no-barcodes", code])).contains("libtesseract"))
    }

    @Test func textBoxesAndRecognizeCannotBeMixed() throws {
        let page = try demoFramesFolder().appendingPathComponent("frame-000004.png").path
        #expect(try scry(["image", "--text-boxes", "--recognize", page]).status == 64)
        #expect(try scry(["image", "--text-boxes", "--no-text", page]).status == 64)
        #expect(try scry(["image", "--plain", "--stats", page]).status == 64)
    }
}
