import ScryCore
import ScryBarcode
import ScryNotebook
import ScryText

/// Recognizes pages and stores their vocabulary, remembering the last page read so that the
/// same picture is not read twice.
struct PageReader {
    let extractor: VocabularyExtractor
    let recognizer: TextRegionDetector
    let database: VocabularyDatabase
    let notebook: String
    let orientation: ImageOrientation
    let output: Output
    private(set) var pagesRead = 0
    private(set) var wordsFound = 0
    private(set) var newWords = 0
    private var lastPage: ImageSignature?

    init(
        extractor: VocabularyExtractor, recognizer: TextRegionDetector, database: VocabularyDatabase,
        notebook: String, orientation: ImageOrientation, output: Output
    ) {
        self.extractor = extractor
        self.recognizer = recognizer
        self.database = database
        self.notebook = notebook
        self.orientation = orientation
        self.output = output
    }

    /// Whether a picture with `signature` shows something other than the last page read.
    func isNewPage(_ signature: ImageSignature) -> Bool {
        guard let lastPage else { return true }
        return !lastPage.isSameScene(as: signature)
    }

    /// Recognizes `stored` (turned upright first, from `orientation` when given, else from the
    /// reader's), stores its words, and prints them. `signature` is the stored image's, when
    /// the caller has made it already.
    mutating func read(
        _ stored: GrayImage, signature: ImageSignature? = nil, orientation: ImageOrientation? = nil, source: String
    ) throws {
        lastPage = signature ?? ImageSignature(stored)
        pagesRead += 1
        let upright = stored.turnedUpright(from: orientation ?? self.orientation)
        let lines = recognizer.detectText(in: upright).filter { $0.level == .line }.compactMap(\.text)
        let words = extractor.words(inLines: lines)
        guard !words.isEmpty else { return }
        let recorded = try notebookOperation { () throws(NotebookError) in
            try database.record(words, source: source, notebook: notebook)
        }
        for item in recorded {
            wordsFound += 1
            if item.isNew { newWords += 1 }
            try output.emit(vocabularyLine(item.entry, notebook: notebook, isNew: item.isNew))
        }
    }
}
