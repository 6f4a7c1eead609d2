import ScryCore

/// The detector of `scry vocab read`: recognizes pages and stores their vocabulary in a
/// notebook, writing one "vocabulary" line per word found. An image file is always read; a
/// stream's frame only when it shows another page than the last one read, and from a camera
/// (`waitsForStillPicture`) only once the picture has stopped moving (two frames in a row
/// show the same scene), so a page held still for 300 frames is read once. With a
/// `flattening` (`vocab read --scan`) the page is read as it gives it (a page found in the
/// picture and flattened), or as it is when it gives none (a page held so close that its
/// edges are out of view).
public final class PageReader: Detector {
    public let kind = LaneKind(name: "vocabulary", detectionNoun: "words")
    private let extractor: VocabularyExtractor
    private let recognizer: any TextDetecting
    private let database: VocabularyDatabase
    private let notebook: String
    private let translationLanguage: String?
    private let waitsForStillPicture: Bool
    /// The page of a picture, flattened; nil when the picture shows none.
    public typealias Flattening = (GrayImage) throws -> GrayImage?
    private let flattening: Flattening?
    /// Told of each page read: the page as read (flattened or not) and what the recognizer
    /// found on it (`vocab read --pdf`).
    public typealias PageRead = (GrayImage, [TextObservation]) throws -> Void
    private let pageRead: PageRead?
    public private(set) var pagesRead = 0
    public private(set) var wordsFound = 0
    public private(set) var newWords = 0
    private var lastPage: ImageSignature?
    private var previousFrame: ImageSignature?

    /// `recognizer` must recognize lines (their text).
    public init(
        extractor: VocabularyExtractor, recognizer: any TextDetecting, database: VocabularyDatabase, notebook: String,
        translationLanguage: String? = nil, waitsForStillPicture: Bool, flattening: Flattening? = nil, pageRead: PageRead? = nil
    ) {
        self.flattening = flattening
        self.pageRead = pageRead
        self.extractor = extractor
        self.recognizer = recognizer
        self.database = database
        self.notebook = notebook
        self.translationLanguage = translationLanguage
        self.waitsForStillPicture = waitsForStillPicture
    }

    /// Throws the notebook's error when the words cannot be stored.
    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        let signature = ImageSignature(input.upright)
        if case .streamFrame = input.origin {
            defer { previousFrame = signature }
            if waitsForStillPicture {
                guard let previousFrame, previousFrame.isSameScene(as: signature) else { return DetectorOutput(events: [], detections: 0) }
            }
            if let lastPage, lastPage.isSameScene(as: signature) { return DetectorOutput(events: [], detections: 0) }
        }
        lastPage = signature
        pagesRead += 1
        let page = try flattening?(input.upright) ?? input.upright
        let observations = recognizer.detectText(in: page)
        try pageRead?(page, observations)
        let lines = observations.filter { $0.level == .line }.compactMap(\.text)
        let words = extractor.words(inLines: lines)
        guard !words.isEmpty else { return DetectorOutput(events: [], detections: 0) }
        let recorded = try database.record(
            words, source: input.origin.description, notebook: notebook, translationLanguage: translationLanguage)
        var events: [any OutputLine] = []
        for item in recorded {
            wordsFound += 1
            if item.isNew { newWords += 1 }
            events.append(VocabularyLine(item.entry, notebook: notebook, isNew: item.isNew))
        }
        return DetectorOutput(events: events, detections: recorded.count)
    }

    public func finish() -> [any OutputLine] { [] }
}
