import Foundation
import ScryCore
import ScryImageIO
import ScryNeural
import ScryTestSupport
import SystemPackage
import Testing

@testable import ScryNeuralText

@Suite struct RecognitionScriptTests {
    @Test func latinHoldsTheLettersOfEuropeanLanguagesAndPrintedPunctuation() {
        for character in ["a", "Z", "7", "é", "ß", "Ł", "ẞ", "ồ", "—", "“", "…", "€", "™", "¿"] {
            #expect(RecognitionScript.latin.includes(character), "\(character)")
        }
        for character in ["茶", "あ", "ア", "α", "ж", "🛁", ""] {
            #expect(!RecognitionScript.latin.includes(character), "\(character)")
        }
        #expect(RecognitionScript.all.includes("茶"))
    }

    @Test func theRecognizersLatinCharactersAreAFewHundred() throws {
        let metadata = try ONNXMetadata(contentsOf: NeuralPaths.model("PP-OCRv6_rec_small.onnx"))
        let characters = try #require(metadata.properties["character"]).split(separator: "\n").map(String.init)
        let latin = characters.filter(RecognitionScript.latin.includes)
        #expect(latin.count == 605)
        #expect(Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'\"()-".map(String.init)).isSubset(of: Set(latin)))
    }

    /// Renders `text` with ImageMagick in IPA's Gothic, which draws Latin and Japanese.
    func renderedInGothic(_ text: String) throws -> GrayImage {
        let path = try makeTemporaryDirectory().appendingPathComponent("line.png").path
        try runTool("convert", [
            "-size", "900x160", "xc:white", "-font", "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf", "-fill", "black",
            "-pointsize", "40", "-annotate", "+40+95", text, "-colorspace", "Gray", path,
        ])
        return try ImageFile.readGray(path: FilePath(path))
    }

    func lineText(_ image: GrayImage, script: RecognitionScript) throws -> String {
        var options = NeuralTextEngine.Options(recognize: true)
        options.script = script
        options.keepsAllLines = true
        let engine = try NeuralTextEngine(options: options)
        return engine.detectText(in: image).filter { $0.level == .line }.compactMap(\.text).joined(separator: " ")
    }

    @Test func latinTextReadsTheSameEitherWay() throws {
        let image = try rendered("Pride and Prejudice, by Jane Austen")
        let latin = try lineText(image, script: .latin)
        #expect(latin == "Pride and Prejudice, by Jane Austen")
        #expect(try lineText(image, script: .all) == latin)
    }

    @Test func chineseCharactersAreReadOnlyWithEveryCharacter() throws {
        let image = try renderedInGothic("東京 Tokyo 2026")
        let all = try lineText(image, script: .all)
        #expect(all.contains("東京") && all.contains("Tokyo") && all.contains("2026"), "\(all)")
        let latin = try lineText(image, script: .latin)
        #expect(latin.contains("Tokyo") && latin.contains("2026"), "\(latin)")
        #expect(latin.unicodeScalars.allSatisfy { RecognitionScript.isLatin($0) }, "\(latin)")
    }
}
