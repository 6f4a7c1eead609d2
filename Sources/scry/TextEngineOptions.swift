import ArgumentParser
import ScryNeuralText
import ScryText

/// The text engine and how it reads: the same options, with the same help and defaults, for
/// every command that reads text (`image`, `live`, `replay`, `vocab read`).
struct TextEngineOptions: ParsableArguments {
    @Option(help: "The text engine: neural (PP-OCRv6 through OpenVINO; the default, but for text boxes in live and replay) or tesseract (the default for text boxes in live and replay, which keeps up with the frame rate). --text-layout, --language and --tessdata are tesseract's.")
    var textEngine: TextEngineChoice?

    @Option(help: "Neural engine: the characters the recognizer reads: latin (letters with the accents of the European languages, digits, punctuation, currency signs; ML Kit's default recognizer) or all (every one PP-OCRv6 knows: Chinese, Japanese, Latin and more; slower).")
    var textScript: RecognitionScript = .latin

    @Flag(help: "Neural engine: read each word as the recognizer's likeliest characters, without language correction (Vision's usesLanguageCorrection = false). By default a word missing from the word lists is replaced by a listed word the recognizer finds nearly as likely.")
    var noLanguageCorrection = false

    @Option(help: "Tesseract: how recognition divides the image into lines: block (one block of text: a page, a receipt; reads more of small text) or auto (tesseract's full layout analysis, for columns and tables).")
    var textLayout: TextLayout = .block

    @Option(help: "Tesseract language.")
    var language = "eng"

    @Option(help: "Directory holding tesseract's trained data (default: tesseract's own).")
    var tessdata: String?

    func validate() throws {
        if let problem = TesseractEngine.languageProblem(language) {
            throw ValidationError("--language: \(problem)")
        }
        try requireUTF8(tessdata, option: "--tessdata")
    }
}
