internal import CTesseract
import ScryCore
import ScryImageIO
import Synchronization

/// Why tesseract could not start.
public enum TextEngineError: Error, Equatable, CustomStringConvertible {
    /// The trained data for the language is missing (package tesseract-ocr-eng on Debian).
    case noTrainedData(language: String, dataPath: String?)
    /// Not a tesseract language name (`TesseractEngine.languageProblem`).
    case invalidLanguage(String, reason: String)
    /// libtesseract could not be opened (package libtesseract5 on Debian): the loader's message.
    case libraryMissing(String)

    public var description: String {
        switch self {
        case .libraryMissing(let message):
            return "tesseract could not be opened: \(message) (install libtesseract5)"
        case .invalidLanguage(let language, let reason):
            return "not a tesseract language: \"\(language)\": \(reason)"
        case .noTrainedData(let language, let dataPath):
            let place = dataPath.map { " in \($0)" } ?? ""
            return "tesseract could not load trained data for \"\(language)\"\(place) "
                + "(install tesseract-ocr-\(language))"
        }
    }
}

/// How recognition divides a frame into lines (tesseract's page segmentation mode).
public enum TextLayout: String, Sendable, CaseIterable {
    /// One block of text: a page of a book, a receipt, a label (`PSM_SINGLE_BLOCK`). Reads
    /// more of small or uneven text than `auto` (docs/text-benchmark.md), but runs columns
    /// side by side into one line.
    case block
    /// Tesseract's full page layout analysis: columns, tables, pictures (`PSM_AUTO`).
    case auto
}

/// What the text detector reports.
public struct TextDetectionOptions: Sendable, Equatable {
    /// Box levels to report; lines always, words and characters on request.
    public var levels: Set<TextLevel> = [.line]
    /// Run recognition and report text and confidence (much slower than layout analysis).
    public var recognize = false
    /// How recognition divides the frame into lines. Boxes without recognition always come
    /// from tesseract's full layout analysis.
    public var layout: TextLayout = .block
    /// Recognize small text (median line height below `TextScale.smallLineHeight`) on a
    /// copy enlarged 2 or 3 times; boxes are reported in the original image's pixels.
    public var enlargesSmallText = true
    /// Read a doubtful reading again on the contrast-normalized image and keep, line by line,
    /// the surer of the two (`TextRegionDetector`).
    public var rereadsDoubtfulText = true

    public init(
        levels: Set<TextLevel> = [.line], recognize: Bool = false, layout: TextLayout = .block,
        enlargesSmallText: Bool = true, rereadsDoubtfulText: Bool = true
    ) {
        self.levels = levels
        self.recognize = recognize
        self.layout = layout
        self.enlargesSmallText = enlargesSmallText
        self.rereadsDoubtfulText = rereadsDoubtfulText
    }
}

/// One tesseract engine, kept alive across images: loading trained data takes far longer than
/// analysing a frame. A tesseract handle must stay on one thread: use one engine per thread.
public final class TesseractEngine {
    private let handle: OpaquePointer

    /// Starts tesseract with the trained data for `language` from `dataPath` (tesseract's
    /// compiled-in path when nil).
    public init(language: String = "eng", dataPath: String? = nil) throws(TextEngineError) {
        if let reason = Self.languageProblem(language) { throw .invalidLanguage(language, reason: reason) }
        if case .failure(let error) = TesseractLibrary.opened { throw error }
        // Tesseract's start-up and shut-down touch process-wide tables (parameters, the
        // unicharset cache) without locks: engines on several threads start one at a time.
        let status = Self.lifecycle.withLock { _ in Self.start(language: language, dataPath: dataPath) }
        guard let handle = status else { throw .noTrainedData(language: language, dataPath: dataPath) }
        self.handle = handle
    }

    private static let lifecycle = Mutex<Void>(())

    /// Why `language` cannot name tesseract trained data, or nil when it can. Tesseract takes
    /// one or more names joined by `+` (`eng`, `eng+deu`, `script/Latin`), each a trained-data
    /// file name without `.traineddata`; libtesseract 5.3 crashes on an empty name, so every
    /// name is checked here before tesseract sees it.
    public static func languageProblem(_ language: String) -> String? {
        guard !language.isEmpty else { return "empty (give a name such as eng)" }
        guard language.utf8.count <= 255 else { return "longer than 255 bytes" }
        for name in language.split(separator: "+", omittingEmptySubsequences: false) {
            guard !name.isEmpty else { return "an empty name between '+' signs" }
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return "\"\(name)\" has more than one '/'" }
            for part in parts {
                guard !part.isEmpty, part != ".", part != "..",
                    part.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") })
                else { return "\"\(name)\" is not a trained-data name (letters, digits, _ and -, optionally script/NAME)" }
            }
        }
        return nil
    }

    private static func start(language: String, dataPath: String?) -> OpaquePointer? {
        let handle = tesseract.TessBaseAPICreate()!
        // Tesseract reports failures through its return codes; its chatter would go to stderr.
        _ = tesseract.TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        let status = dataPath.withOptionalCString { tesseract.TessBaseAPIInit3(handle, $0, language) }
        guard status == 0 else {
            tesseract.TessBaseAPIDelete(handle)
            return nil
        }
        tesseract.TessBaseAPISetPageSegMode(handle, PSM_AUTO)
        return handle
    }

    deinit {
        let handle = self.handle
        Self.lifecycle.withLock { _ in
            tesseract.TessBaseAPIEnd(handle)
            tesseract.TessBaseAPIDelete(handle)
        }
    }

    /// Text regions in `image`, in its pixel space (origin top-left), lines in reading order,
    /// then words, then characters when asked for. Layout analysis only, unless
    /// `options.recognize`, which adds each box's text and a confidence 0...1.
    public func detect(in image: GrayImage, options: TextDetectionOptions) -> [TextObservation] {
        guard options.recognize else { return layout(of: image, levels: options.levels) }
        guard image.width > 0, image.height > 0 else { return [] }
        return withImage(image) { handle -> [TextObservation] in
            let levels = TextLevel.allCases.filter { options.levels.contains($0) }
            tesseract.TessBaseAPISetPageSegMode(handle, options.layout == .block ? PSM_SINGLE_BLOCK : PSM_AUTO)
            guard tesseract.TessBaseAPIRecognize(handle, nil) == 0,
                let iterator = tesseract.TessBaseAPIGetIterator(handle)
            else { return [] }
            defer { tesseract.TessResultIteratorDelete(iterator) }
            let pages = tesseract.TessResultIteratorGetPageIterator(iterator)!
            return levels.flatMap { level in
                collect(pages, level: level) { tessLevel in
                    let text = tesseract.TessResultIteratorGetUTF8Text(iterator, tessLevel).map { pointer in
                        defer { tesseract.TessDeleteText(pointer) }
                        return String(cString: pointer)
                    }
                    let trimmed = text?.trimmingWhitespace() ?? ""
                    guard !trimmed.isEmpty else { return nil }
                    let confidence = Double(tesseract.TessResultIteratorConfidence(iterator, tessLevel)) / 100
                    return (trimmed, min(1, max(0, confidence)))
                }
            }
        }
    }

    /// The words of `image` read as one line of text (tesseract's `PSM_RAW_LINE`: no layout
    /// analysis and none of its line-finding rules, the whole image is the line), in the order
    /// tesseract gives them, each with its confidence and, character by character, the
    /// characters its LSTM weighed there (`LineWord`; tesseract's `lstm_choice_mode` 2). A
    /// word of a right-to-left script is stored first letter first; one tesseract took for
    /// left to right is marked with U+200E (LEFT-TO-RIGHT MARK) and its letters come as they
    /// are seen, left first. Empty when nothing is read.
    public func wordsOfLine(in image: GrayImage) -> [LineWord] {
        guard image.width > 0, image.height > 0 else { return [] }
        return withImage(image) { handle in
            tesseract.TessBaseAPISetPageSegMode(handle, PSM_RAW_LINE)
            _ = tesseract.TessBaseAPISetVariable(handle, "lstm_choice_mode", "2")
            defer { _ = tesseract.TessBaseAPISetVariable(handle, "lstm_choice_mode", "0") }
            guard tesseract.TessBaseAPIRecognize(handle, nil) == 0,
                let iterator = tesseract.TessBaseAPIGetIterator(handle)
            else { return [] }
            defer { tesseract.TessResultIteratorDelete(iterator) }
            let pages = tesseract.TessResultIteratorGetPageIterator(iterator)!
            var words: [LineWord] = []
            var characters: [[LineWord.Choice]] = []
            tesseract.TessPageIteratorBegin(pages)
            repeat {
                characters.append(Self.choices(at: iterator))
                guard tesseract.TessPageIteratorIsAtFinalElement(pages, RIL_WORD, RIL_SYMBOL) != 0 else { continue }
                defer { characters = [] }
                guard let pointer = tesseract.TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let text = String(cString: pointer).trimmingWhitespace()
                tesseract.TessDeleteText(pointer)
                guard !text.isEmpty else { continue }
                let confidence = Double(tesseract.TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
                words.append(LineWord(text: text, confidence: min(1, max(0, confidence)), characters: characters))
            } while tesseract.TessPageIteratorNext(pages, RIL_SYMBOL) != 0
            return words
        }
    }

    /// The characters tesseract weighed for the symbol at `iterator`, best first.
    private static func choices(at iterator: OpaquePointer) -> [LineWord.Choice] {
        guard let choice = tesseract.TessResultIteratorGetChoiceIterator(iterator) else { return [] }
        defer { tesseract.TessChoiceIteratorDelete(choice) }
        var choices: [LineWord.Choice] = []
        repeat {
            guard let pointer = tesseract.TessChoiceIteratorGetUTF8Text(choice) else { continue }
            let confidence = Double(tesseract.TessChoiceIteratorConfidence(choice)) / 100
            choices.append(LineWord.Choice(text: String(cString: pointer), confidence: min(1, max(0, confidence))))
        } while tesseract.TessChoiceIteratorNext(choice) != 0
        return choices
    }

    /// Text regions in `image` by layout analysis alone (no text), lines in reading order,
    /// then words and characters as `levels` asks. Tesseract is handed the image already
    /// binarized by its own rule (`OtsuBinarization`) as a 1-bit Leptonica image
    /// (`BinaryPix`), which gives the same regions as the gray image and spares its slower
    /// thresholding (about a tenth of a layout pass) and any per-pixel copy.
    public func layout(of image: GrayImage, levels: Set<TextLevel>) -> [TextObservation] {
        guard image.width > 0, image.height > 0, let bitmap = bitmap(width: image.width, height: image.height) else {
            return []
        }
        let binarization = OtsuBinarization(of: image)
        bitmap.withWords { binarization.packInk(of: image, into: $0, wordsPerRow: $1) }
        // Handed over as a Leptonica image: tesseract keeps a reference, not a copy, and skips
        // its own thresholding of a 1-bit image. It lets go of it at the Clear.
        tesseract.TessBaseAPISetImage2(handle, .init(bitmap.opaquePix))
        tesseract.TessBaseAPISetSourceResolution(handle, 70)
        defer { tesseract.TessBaseAPIClear(handle) }
        tesseract.TessBaseAPISetPageSegMode(handle, PSM_AUTO)
        return layout(levels: TextLevel.allCases.filter { levels.contains($0) }, handle: handle)
    }

    /// The 1-bit image layout fills, kept from frame to frame while the size stays the same
    /// (every word of it is written each time).
    private var reusableBitmap: BinaryPix?

    private func bitmap(width: Int, height: Int) -> BinaryPix? {
        if let reusableBitmap, reusableBitmap.width == width, reusableBitmap.height == height {
            return reusableBitmap
        }
        reusableBitmap = BinaryPix(width: width, height: height)
        return reusableBitmap
    }

    /// Layout analysis of the gray `image` thresholded by tesseract itself: what `layout(of:)`
    /// must equal (its tests compare the two).
    func layoutThresholdedByTesseract(_ image: GrayImage, levels: Set<TextLevel>) -> [TextObservation] {
        guard image.width > 0, image.height > 0 else { return [] }
        return withImage(image) { handle in
            tesseract.TessBaseAPISetPageSegMode(handle, PSM_AUTO)
            return layout(levels: TextLevel.allCases.filter { levels.contains($0) }, handle: handle)
        }
    }

    private func layout(levels: [TextLevel], handle: OpaquePointer) -> [TextObservation] {
        guard let pages = tesseract.TessBaseAPIAnalyseLayout(handle) else { return [] }
        defer { tesseract.TessPageIteratorDelete(pages) }
        return levels.flatMap { level in collect(pages, level: level) { _ in ("", nil) } }
    }

    /// Runs `body` with `image` set as the engine's image; clears it afterwards.
    func withImage<R>(_ image: GrayImage, _ body: (OpaquePointer) -> R) -> R {
        image.pixels.withUnsafeBufferPointer { buffer in
            tesseract.TessBaseAPISetImage(
                handle, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            // A camera frame has no resolution; 70 ppi is tesseract's own fallback, set here
            // so it does not warn on every frame.
            tesseract.TessBaseAPISetSourceResolution(handle, 70)
            defer { tesseract.TessBaseAPIClear(handle) }
            return body(handle)
        }
    }

    /// Walks `pages` over every box of `level` in text blocks, asking `content` for each box's
    /// text; a nil answer drops the box (recognition found nothing in it).
    private func collect(
        _ pages: OpaquePointer, level: TextLevel,
        content: (TessPageIteratorLevel) -> (String, Double?)?
    ) -> [TextObservation] {
        let tessLevel = Self.tesseractLevel(level)
        var observations: [TextObservation] = []
        tesseract.TessPageIteratorBegin(pages)
        repeat {
            guard Self.isText(tesseract.TessPageIteratorBlockType(pages)) else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard tesseract.TessPageIteratorBoundingBox(pages, tessLevel, &left, &top, &right, &bottom) != 0,
                right > left, bottom > top,
                let (text, confidence) = content(tessLevel)
            else { continue }
            observations.append(
                TextObservation(
                    level: level,
                    pixelBounds: PixelRect(
                        x: Double(left), y: Double(top), width: Double(right - left),
                        height: Double(bottom - top)),
                    text: text.isEmpty ? nil : text, confidence: confidence))
        } while tesseract.TessPageIteratorNext(pages, tessLevel) != 0
        return observations
    }

    private static func tesseractLevel(_ level: TextLevel) -> TessPageIteratorLevel {
        switch level {
        case .line: RIL_TEXTLINE
        case .word: RIL_WORD
        case .character: RIL_SYMBOL
        }
    }

    /// Text block types; images, rules and noise are not text regions.
    private static func isText(_ type: TessPolyBlockType) -> Bool {
        switch type {
        case PT_FLOWING_TEXT, PT_HEADING_TEXT, PT_PULLOUT_TEXT, PT_VERTICAL_TEXT, PT_CAPTION_TEXT,
            PT_TABLE:
            return true
        default:
            return false
        }
    }
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        switch self {
        case .some(let string): string.withCString { body($0) }
        case .none: body(nil)
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
