import Foundation
import ScryTestSupport
import Testing

/// `--no-language-correction`, `--custom-words`, and a run whose word lists are missing.
@Suite struct LanguageCorrectionOptionTests {
    let truth = "She was very tolerably capable of attending to the conversation"

    /// The truth in 10-point DejaVu Serif in a 1280x720 frame, blurred, as a JPEG of quality
    /// 70 (ImageMagick): the recognizer alone misreads a word of it.
    func smallPrint() throws -> String {
        let path = try makeTemporaryDirectory().appendingPathComponent("small.jpg").path
        try runTool("convert", [
            "-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "10",
            "-annotate", "+300+360", truth, "-blur", "0x0.9", "-colorspace", "Gray", "-quality", "70", path,
        ])
        return path
    }

    func lines(_ result: ProcessResult) throws -> [String] {
        try jsonLines(result).filter { $0["type"] as? String == "text" && $0["level"] as? String == "line" }.compactMap { $0["text"] as? String }
    }

    @Test func wordsAreCorrectedByDefaultAndReadAsTheyAreWithout() throws {
        let page = try smallPrint()
        let corrected = try scry(["image", "--no-barcodes", "--recognize", page])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        try expectValidLines(corrected)
        #expect(try lines(corrected) == [truth])
        let plain = try scry(["image", "--no-barcodes", "--recognize", "--no-language-correction", page])
        #expect(plain.status == 0, "\(plain.stderr)")
        let read = try lines(plain)
        #expect(read.count == 1)
        // Without correction, only words read wrongly can differ, one for one.
        #expect(read.first?.split(separator: " ").count == 10)
    }

    @Test func customWordsJoinTheWordLists() throws {
        // With the word lists emptied, the lexicon is the custom words alone: the misread word
        // is corrected only when its word is among them.
        let directory = try makeTemporaryDirectory()
        for name in ["american-english", "british-english"] {
            try Data("She\nwas\nvery\ntolerably\ncapable\nof\nattending\nto\nthe\n".utf8).write(to: directory.appendingPathComponent(name))
        }
        let words = directory.appendingPathComponent("custom.txt")
        try Data("conversation\n".utf8).write(to: words)
        let page = try smallPrint()
        let with = try scryWith(["image", "--no-barcodes", "--recognize", "--custom-words", words.path, page], environment: ["SCRY_WORD_LIST_DIR": directory.path])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(try lines(with) == [truth])
        let without = try scryWith(["image", "--no-barcodes", "--recognize", page], environment: ["SCRY_WORD_LIST_DIR": directory.path])
        let plain = try scry(["image", "--no-barcodes", "--recognize", "--no-language-correction", page])
        // Without the custom words, "conversation" is read only if the recognizer alone reads it.
        #expect(try lines(without).first?.hasSuffix(" conversation") == lines(plain).first?.hasSuffix(" conversation"))
    }

    @Test func missingWordListsAndUnreadableCustomWordsAreOneLineAndAStatus() throws {
        let page = try smallPrint()
        let missing = try scryWith(["image", "--no-barcodes", "--recognize", page], environment: ["SCRY_WORD_LIST_DIR": "/nonexistent"])
        #expect(!missing.crashed && missing.status == 69, "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1 && missing.stderr.contains("american-english"))
        #expect(missing.stdout.isEmpty)
        // Without correction the word lists are not needed.
        let off = try scryWith(["image", "--no-barcodes", "--recognize", "--no-language-correction", page], environment: ["SCRY_WORD_LIST_DIR": "/nonexistent"])
        #expect(off.status == 0, "\(off.stderr)")
        let unreadable = try scry(["image", "--no-barcodes", "--recognize", "--custom-words", "/nonexistent/words.txt", page])
        #expect(!unreadable.crashed && unreadable.status == 66, "\(unreadable.stderr)")
        #expect(unreadable.stderr.split(separator: "\n").count == 1 && unreadable.stderr.contains("--custom-words"))
        let both = try scry(["image", "--recognize", "--custom-words", "/etc/hostname", "--no-language-correction", page])
        #expect(both.status == 64)
    }
}
