import Glibc
import ScryLexicon

/// A recognition model, named by ML Kit's identifiers (`DigitalInkRecognitionModelIdentifier`).
public struct InkModel: Sendable, Equatable {
    /// What recognizes it.
    public enum Kind: Sendable, Equatable {
        /// `ShapeRecognizer`.
        case shapes
        /// One character of the script: zinnia with the model file at the path, weighed with
        /// PP-OCR's reading of the ink drawn and, when `fonts` are named, with the characters
        /// as those fonts print them (`CharacterRecognizer`).
        case zinnia(String, script: CharacterRecognizer.Script, fonts: [String])
        /// PP-OCR's line recognizer with the word list at the path (`HandwritingRecognizer`),
        /// and after a pre-context, how common words are from wordfreq's list at
        /// `frequencies` when it is there.
        case handwriting(wordList: String, frequencies: String? = nil)
        /// Tesseract's model `language` (a trained-data name) reading the ink drawn, each word
        /// corrected with wordfreq's list at `frequencies` to its words made of `letters`
        /// (`TesseractHandwritingRecognizer`).
        case tesseract(language: String, frequencies: String, letters: ClosedRange<Unicode.Scalar>)
    }
    /// ML Kit's identifier, e.g. `zxx-Zsym-x-shapes`.
    public var identifier: String
    /// Other names it answers to.
    public var aliases: [String]
    /// What it recognizes and where it comes from.
    public var description: String
    public var kind: Kind

    /// Where tegaki's zinnia models are (Debian's tegaki-zinnia-* packages); `SCRY_INK_MODEL_DIR`
    /// points elsewhere.
    public static var zinniaDirectory: String {
        getenv("SCRY_INK_MODEL_DIR").map { String(cString: $0) } ?? "/usr/share/tegaki/models/zinnia"
    }

    /// The fonts a lone Japanese character is compared with (`PrintedCharacters`): IPA's
    /// Gothic and Mincho (Debian's fonts-ipafont-gothic and fonts-ipafont-mincho);
    /// `SCRY_JAPANESE_FONTS` names others, separated by colons.
    public static var japaneseFonts: [String] {
        getenv("SCRY_JAPANESE_FONTS").map { String(cString: $0).split(separator: ":").map(String.init) }
            ?? ["/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf", "/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf"]
    }

    /// Where the word lists are (Debian's wamerican and witalian put them in /usr/share/dict);
    /// `SCRY_WORD_LIST_DIR` points elsewhere.
    public static var wordListDirectory: String {
        getenv("SCRY_WORD_LIST_DIR").map { String(cString: $0) } ?? "/usr/share/dict"
    }

    /// Where tesseract's trained data is (Debian's tesseract-ocr-* packages); `TESSDATA_PREFIX`,
    /// as tesseract reads it, points elsewhere.
    public static var tessdataDirectory: String {
        getenv("TESSDATA_PREFIX").map { String(cString: $0) } ?? "/usr/share/tesseract-ocr/5/tessdata"
    }

    /// The shapes model's identifier.
    public static let shapesIdentifier = "zxx-Zsym-x-shapes"

    /// Every model scry knows, installed or not.
    public static var known: [InkModel] {
        [
            InkModel(
                identifier: shapesIdentifier, aliases: ["shapes"],
                description: "rectangle, triangle, ellipse, arrow: built in, geometry over the strokes (ShapeRecognizer)",
                kind: .shapes),
            InkModel(
                identifier: "en", aliases: ["en-US", "en-GB", "en-CA", "en-AU"],
                description: "handwritten English words: the ink drawn and read by PP-OCRv6's line recognizer (OpenVINO), ranked with Debian's wamerican word list, and after a pre-context with wordfreq's English frequencies",
                kind: .handwriting(wordList: wordListDirectory + "/american-english", frequencies: FrequencyList.path(language: "en"))),
            InkModel(
                identifier: "it", aliases: ["it-IT"],
                description: "handwritten Italian words: the ink drawn and read by PP-OCRv6's line recognizer (OpenVINO), ranked with Debian's witalian word list, and after a pre-context with wordfreq's Italian frequencies",
                kind: .handwriting(wordList: wordListDirectory + "/italian", frequencies: FrequencyList.path(language: "it"))),
            InkModel(
                identifier: "fr", aliases: ["fr-FR", "fr-CA", "fr-BE", "fr-CH"],
                description: "handwritten French words: the ink drawn and read by PP-OCRv6's line recognizer (OpenVINO), ranked with Debian's wfrench word list, and after a pre-context with wordfreq's French frequencies",
                kind: .handwriting(wordList: wordListDirectory + "/french", frequencies: FrequencyList.path(language: "fr"))),
            InkModel(
                identifier: "de", aliases: ["de-DE", "de-AT", "de-CH"],
                description: "handwritten German words: the ink drawn and read by PP-OCRv6's line recognizer (OpenVINO), ranked with Debian's wngerman word list, and after a pre-context with wordfreq's German frequencies",
                kind: .handwriting(wordList: wordListDirectory + "/ngerman", frequencies: FrequencyList.path(language: "de"))),
            InkModel(
                identifier: "es", aliases: ["es-ES", "es-MX", "es-419"],
                description: "handwritten Spanish words: the ink drawn and read by PP-OCRv6's line recognizer (OpenVINO), ranked with Debian's wspanish word list, and after a pre-context with wordfreq's Spanish frequencies",
                kind: .handwriting(wordList: wordListDirectory + "/spanish", frequencies: FrequencyList.path(language: "es"))),
            InkModel(
                identifier: "pt", aliases: ["pt-BR", "pt-PT"],
                description: "handwritten Portuguese words: the ink drawn and read by PP-OCRv6's line recognizer (OpenVINO), ranked with Debian's wportuguese word list, and after a pre-context with wordfreq's Portuguese frequencies",
                kind: .handwriting(wordList: wordListDirectory + "/portuguese", frequencies: FrequencyList.path(language: "pt"))),
            InkModel(
                identifier: "nl", aliases: ["nl-NL", "nl-BE"],
                description: "handwritten Dutch words: the ink drawn and read by PP-OCRv6's line recognizer (OpenVINO), ranked with Debian's wdutch word list, and after a pre-context with wordfreq's Dutch frequencies",
                kind: .handwriting(wordList: wordListDirectory + "/dutch", frequencies: FrequencyList.path(language: "nl"))),
            InkModel(
                identifier: "ar", aliases: ["ar-SA", "ar-EG", "ar-AE", "ar-MA", "ar-DZ", "ar-IQ", "ar-JO", "ar-LB", "ar-SY", "ar-TN"],
                description: "handwritten Arabic words, right to left: the ink drawn and read by tesseract's Arabic model (Debian's tesseract-ocr-ara), each word corrected with wordfreq's Arabic frequencies",
                kind: .tesseract(language: "ara", frequencies: FrequencyList.path(language: "ar"), letters: "\u{0621}"..."\u{064A}")),
            InkModel(
                identifier: "ja", aliases: ["ja-JP"],
                description: "Japanese characters (kanji, kana), several side by side read as a line by PP-OCRv6's line recognizer (OpenVINO), or one: zinnia with tegaki's handwriting-ja model (Debian's tegaki-zinnia-japanese) over the strokes, weighed with PP-OCRv6's reading of the ink drawn and with the characters as IPA's Gothic and Mincho print them (Debian's fonts-ipafont-gothic, fonts-ipafont-mincho)",
                kind: .zinnia(zinniaDirectory + "/handwriting-ja.model", script: .japanese, fonts: japaneseFonts)),
            InkModel(
                identifier: "zh-Hani", aliases: ["zh", "zh-CN", "zh-Hani-CN"],
                description: "simplified Chinese characters, several side by side read as a line by PP-OCRv6's line recognizer (OpenVINO), or one: zinnia with tegaki's handwriting-zh_CN model (Debian's tegaki-zinnia-simplified-chinese) over the strokes, weighed with PP-OCRv6's reading of the ink drawn",
                kind: .zinnia(zinniaDirectory + "/handwriting-zh_CN.model", script: .chinese, fonts: [])),
        ]
    }

    /// The models this build has: the shapes, and each model whose files (zinnia's model and
    /// fonts, the word list, tesseract's trained data and the frequencies) are there.
    public static var installed: [InkModel] {
        known.filter { model in
            switch model.kind {
            case .shapes: true
            case .zinnia(let path, _, let fonts): ([path] + fonts).allSatisfy { access($0, R_OK) == 0 }
            case .handwriting(wordList: let path, _): access(path, R_OK) == 0
            case .tesseract(let language, let frequencies, _):
                ([tessdataDirectory + "/\(language).traineddata", frequencies] as [String]).allSatisfy { access($0, R_OK) == 0 }
            }
        }
    }

    /// The installed model `name` names (an identifier or an alias, in any case), or nil.
    public static func named(_ name: String) -> InkModel? {
        let wanted = name.lowercased()
        return installed.first { $0.identifier.lowercased() == wanted || $0.aliases.contains { $0.lowercased() == wanted } }
    }
}
