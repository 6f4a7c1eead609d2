import ScryImageIO
import ScryLexicon
import ScryNeuralText
import SystemPackage

extension InkModel {
    /// Reads an ink: its candidates, likeliest first.
    public typealias Recognize = (Ink) throws -> [InkCandidate]

    /// The recognizer for this model, made now (its models and word list loaded): at most
    /// `count` candidates an ink, read line by line for text models, with ML Kit's
    /// `preContext` (the text before the ink) and the `writingArea` (width, height) the ink was
    /// drawn in: where zinnia places a character (ja, zh-Hani), one line of writing whose height
    /// tells a word model's single characters' case and punctuation (`WritingAreaRule`). Throws when a model or word list cannot be opened.
    public func makeRecognizer(
        count: Int, writingArea: (width: Double, height: Double)? = nil, preContext: String? = nil
    ) throws -> Recognize {
        switch kind {
        case .shapes:
            let shapes = ShapeRecognizer()
            return { Array(shapes.candidates(for: $0).prefix(count)) }
        case .zinnia(let path, let script, let fonts):
            let characters = CharacterRecognizer(
                zinnia: try ZinniaRecognizer(modelPath: path), reader: try LineRecognizer(), script: script,
                printed: fonts.isEmpty ? nil : try PrintedCharacters(fontPaths: fonts))
            return { ink in
                try ink.textCandidatesLineByLine(count: count, preContext: preContext) { line, count, context in
                    try characters.candidates(for: line, writingArea: writingArea, preContext: context, count: count)
                }
            }
        case .handwriting(let wordList, let frequencies):
            // How common words are matters only after a pre-context (about 0.2 s to read).
            let common = preContext == nil ? nil : frequencies.flatMap { try? FrequencyList(path: $0) }
            let handwriting = HandwritingRecognizer(
                recognizer: try LineRecognizer(), wordList: try ImageFile.readBytes(path: FilePath(wordList)), frequencies: common)
            let area = writingArea.map { WritingAreaRule(width: $0.width, height: $0.height) }
            return { ink in
                let candidates = try ink.textCandidatesLineByLine(count: count, preContext: preContext) { line, count, context in
                    try handwriting.candidates(for: line, count: count, preContext: context)
                }
                return area?.apply(to: candidates, for: ink) ?? candidates
            }
        case .tesseract(let language, let frequencies, let letters):
            // An ink is read at a time, its drawings at once, each on a core with a tesseract
            // engine of its own (`TesseractReaders`).
            let words = try TesseractHandwritingRecognizer(
                language: language, frequencies: try FrequencyList(path: frequencies), letters: letters)
            return { ink in
                ink.textCandidatesLineByLine(count: count, preContext: preContext) { line, count, context in
                    words.candidates(for: line, count: count, preContext: context)
                }
            }
        }
    }
}
