import ArgumentParser
import ScryCapture
import ScryCore
import ScryText
import ScryNeuralText
import ScryNotebook
import ScryDocuments
import ScryPipeline
import ScryImageIO
import SystemPackage

struct VocabReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Recognize pages and store their vocabulary in a notebook.",
        discussion: """
            Reads image files and frame dumps (told apart by their contents), or the camera \
            with --device. A dump's frames are recognized when the picture differs from the \
            last page read, so a page held still for 300 frames is read once; the camera's \
            when the picture has also stopped moving (a page held still after a turn). Prints \
            one "vocabulary" JSON line per word found, with "new" telling whether the notebook \
            lacked it. An unreadable file gets a one-line error and the others are still read.

            Examples:
              The words of a book page into a notebook:
                scry vocab read --db words.sqlite page.jpg
              Five pages shown to the camera:
                scry vocab read --db words.sqlite -d 0 --pages 5
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "The notebook (made when missing).")
    var notebook = "default"

    @Argument(help: "Image files and frame dumps.")
    var files: [String] = []

    @Option(name: [.customShort("d"), .long], help: "Read from this camera instead: a device path, or N for /dev/videoN.")
    var device: String?

    @OptionGroup(title: "Camera (with --device)") var capture: CaptureOptions

    @Flag(help: "Read the page as scry scan flattens it: found in the picture and its perspective undone (a picture without a page's outline is read as it is).")
    var scan = false

    @Option(help: ArgumentHelp("Also write the pages read as one searchable PDF at this path, which must not exist (as scry scan --pdf).", valueName: "file"))
    var pdf: String?

    @Option(help: "With --device: stop after reading this many pages.")
    var pages = 1

    @Option(help: "With --device: stop after this many seconds.")
    var duration: Double?

    @Option(help: ArgumentHelp("The English word list, one word per line (Debian's wamerican).", valueName: "path"))
    var wordList = "/usr/share/dict/american-english"

    @Option(help: "How the stored image is oriented (EXIF 1-8 or its name); pages are turned upright first. Default: an image file's EXIF orientation, else up.")
    var imageOrientation: ImageOrientation?

    @OptionGroup(title: "Words") var lexicon: LexiconOptions

    @OptionGroup(title: "Text engine") var engine: TextEngineOptions

    @Flag(help: "Print for a person instead of JSON lines: each word stored, a tab, its meaning, a tab, and the sentence it came from.")
    var plain = false

    func validate() throws {
        if files.isEmpty == (device == nil) { throw ValidationError("give image files or frame dumps, or --device") }
        if pages < 1 { throw ValidationError("--pages must be at least 1") }
        // Bounded so that a duration of 1e300 s cannot overflow the clock arithmetic.
        if let duration, !(duration > 0 && duration <= 1e9) {
            throw ValidationError("--duration must be a number of seconds above 0 and at most 1e9")
        }
        try requireUTF8(device, option: "--device")
        try requireUTF8(pdf, option: "--pdf")
    }

    func run() throws {
        let extractor = VocabularyExtractor(wordList: try loadWordList(), lexicon: try lexicon.load())
        let recognizer: any TextDetecting
        if (engine.textEngine ?? .neural) == .neural {
            recognizer = try TextEngineChoice.makeNeuralEngine(
                levels: pdf == nil ? [.line] : [.line, .word], recognize: true,
                correction: engine.noLanguageCorrection ? .off : .standard, script: engine.textScript)
        } else {
            do {
                recognizer = try TextRegionDetector(
                    options: TextDetectionOptions(
                        levels: pdf == nil ? [.line] : [.line, .word], recognize: true, layout: engine.textLayout),
                    language: engine.language, dataPath: engine.tessdata)
            } catch {
                throw CommandFailure(message: "\(error)", status: ExitStatus.unavailable)
            }
        }
        let document = try pdf.map { (pdf) throws(CommandFailure) in try PageDocument(path: FilePath(argument: pdf), reader: nil) }
        let database = try store.open()
        let output = Output(plain: plain)
        let flattener = scan ? PageFlattener() : nil
        let reader = PageReader(
            extractor: extractor, recognizer: recognizer, database: database, notebook: notebook,
            translationLanguage: extractor.lexicon?.dictionary?.language,
            waitsForStillPicture: device != nil,
            flattening: flattener.map { flattener in
                { image in try flattener.page(in: image).map { try flattener.flatten(image, page: $0) } }
            },
            pageRead: document.map { document in
                { page, observations in
                    let words = observations.filter { $0.level == .word }.compactMap { word in
                        word.text.map { SearchablePDF.Word(text: $0, box: word.pixelBounds) }
                    }
                    _ = try document.add(PageScanner.FlattenedPage(gray: page), words: words)
                }
            })
        let pipeline = DetectionPipeline(
            detectors: [reader], orientation: .fixed(imageOrientation ?? .up), mode: .lockstep, sink: output)
        try CompressedFrames.install(on: pipeline, keepingColour: false, source: "vocab read")
        let pages = self.pages
        var firstFailure = try PageRun.run(
            pipeline, command: "vocab", device: device, capture: capture, seconds: duration, files: files,
            imageOrientation: imageOrientation, isDone: { reader.pagesRead >= pages })
        if let document {
            do { try document.write() } catch {
                printError(error.message)
                firstFailure = firstFailure ?? error
            }
        }
        if reader.pagesRead > 0 {
            printError(
                "vocab: \(reader.pagesRead) pages read, \(reader.wordsFound) words (\(reader.newWords) new) "
                    + "in notebook \"\(notebook)\" of \(database.path)")
        }
        if let firstFailure { throw ExitCode(firstFailure.status) }
    }

    private func loadWordList() throws -> WordList {
        do { return WordList(contents: try ImageFile.readBytes(path: FilePath(argument: wordList))) } catch {
            throw CommandFailure(
                message: "\(wordList): cannot read the word list: \(error) (install wamerican)",
                status: ExitStatus.unavailable)
        }
    }
}
