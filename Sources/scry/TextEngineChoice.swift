import ArgumentParser
import ScryCore
import ScryNeural
import ScryNeuralText
import ScryText

/// `--text-engine`: which engine finds and reads text.
enum TextEngineChoice: String, ExpressibleByArgument, CaseIterable {
    /// PP-OCRv6 small detection and recognition through OpenVINO (`NeuralTextEngine`).
    case neural
    /// Tesseract's layout analysis and LSTM recognizer (`TextRegionDetector`).
    case tesseract

    /// The engine a run uses when the command line names none: neural wherever text is read
    /// (`--recognize`, `vocab read`) or found in still images; tesseract's layout analysis
    /// for text boxes in a stream, which keeps up with the frame rate (docs/text-benchmark.md).
    static func `default`(recognizing: Bool, stream: Bool) -> TextEngineChoice {
        recognizing || !stream ? .neural : .tesseract
    }

    /// Resident memory past which the still-image engine forgets what it prepared for past
    /// image sizes (`NeuralTextEngine.Options.memoryCeiling`): 768 MiB leaves room under the
    /// 1 GB a run may take for one large image's working memory on top (the whole of
    /// ../shared/eval through one `scry image` peaked at 0.90 GB with it, 1.87 GB without;
    /// docs/lanes-benchmark.md). A lower ceiling compiles the models again after most images.
    static let stillImageMemoryCeiling = 768 << 20

    /// The neural engine for `levels`, reading text when `recognize`. Word and character boxes
    /// come from the recognizer's alignment, so they are read even without `recognize` (their
    /// text then left out). Status 69 when the runtime or a model is missing or broken.
    static func makeNeuralEngine(
        levels: Set<TextLevel>, recognize: Bool, keepsAllLines: Bool = false, correction: LanguageCorrectionChoice = .standard,
        script: RecognitionScript = .latin
    ) throws -> any TextDetecting {
        let reads = recognize || levels.contains(.word) || levels.contains(.character)
        let engine: NeuralTextEngine
        var options = NeuralTextEngine.Options(levels: levels, recognize: reads)
        options.keepsAllLines = keepsAllLines
        options.script = script
        options.memoryCeiling = stillImageMemoryCeiling
        if recognize { options.languageCorrection = try correction.load() }
        do {
            engine = try NeuralTextEngine(options: options)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.unavailable)
        }
        return reads && !recognize ? BoxesOnly(engine) : engine
    }
}

extension TextEngineChoice {
    /// The neural engine for a stream's text lane: `StreamingTextReader`, which reads only the
    /// lines that are new or changed; live (`video`), the fast detector and a time budget per
    /// frame, its background readers fewer beside `otherLanes` lanes; in order, the
    /// still-image detection and every new line read. Status 69 when the
    /// runtime or a model is missing or broken.
    static func makeNeuralStreamReader(
        levels: Set<TextLevel>, recognize: Bool, keepsAllLines: Bool, correction: LanguageCorrectionChoice,
        script: RecognitionScript, video: Bool, otherLanes: Int
    ) throws -> any TextDetecting {
        var options: StreamingTextReader.Options =
            video ? .live(levels: levels, otherLanes: otherLanes) : .sequential(levels: levels)
        options.engine.keepsAllLines = keepsAllLines
        options.engine.script = script
        if recognize { options.engine.languageCorrection = try correction.load() }
        let reader: StreamingTextReader
        do { reader = try StreamingTextReader(options: options) } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.unavailable)
        }
        return recognize ? reader : BoxesOnly(reader)
    }
}
