import ScryCore
import ScryNeural

/// Text lines found and read by neural networks (PaddlePaddle's PP-OCR through OpenVINO on the
/// CPU): a DB detector marks where text is, each line is cut out as a turned rectangle,
/// straightened to 48 rows and read by a CTC recognizer. Its sessions belong to one thread:
/// one engine per lane thread.
public final class NeuralTextEngine: TextDetecting {
    /// What the engine reports and how hard it looks.
    public struct Options: Sendable, Equatable {
        /// Box levels to report. Lines always; words and characters come from the recognizer's
        /// alignment, so only with `recognize`.
        public var levels: Set<TextLevel> = [.line]
        /// Read each line's text and confidence.
        public var recognize = false
        /// The detector sees the image scaled so that its shorter side is about this many
        /// pixels (both sides rounded to a multiple of 32). 736 is PaddleOCR's default for a
        /// photo; less is faster and misses small text.
        public var detectionShortSide = 736
        /// The detector never sees a side longer than this: a long, thin image (a 1x100000
        /// strip, a 20x4000 sliver) is scaled by less than `detectionShortSide` asks, so that
        /// its memory stays bounded (about 3 million input pixels at most).
        public var detectionLongestSide = 4096
        /// How lines are cut out of the detector's map.
        public var lineOptions = TextProbabilityMap.LineOptions()
        /// The characters the recognizer reads: the Latin script's by default (its last layer
        /// narrowed to them), or every one it knows.
        public var script = RecognitionScript.latin
        /// Threads per inference.
        public var threads = 1
        /// Threads per detection, when it differs from `threads` (a stream's lane finds a new
        /// scene's lines on two; `BackgroundLineReader`'s threads read them, one each).
        public var detectionThreads: Int?
        /// Look again at small print: when the median line is thinner than
        /// `smallLineThickness` pixels, the region holding the lines is detected again enlarged
        /// to bring that median to `zoomedLineThickness`, at most `maximumZoom` times and
        /// `maximumZoomPixels` pixels. Thicknesses are of lines grown back
        /// (`TextProbabilityMap.LineOptions.unclipRatio`): 26 and 48.5 are 30 and 56 at
        /// RapidOCR's 1.6, where they were chosen; enlarging further to match the thinner lines
        /// cost about a fifth more time a page on the book-page benchmark for 0.002 more words
        /// found.
        public var zoomsIntoSmallText = true
        public var smallLineThickness = 26.0
        public var zoomedLineThickness = 48.5
        public var maximumZoom = 2.5
        public var maximumZoomPixels = 1_600_000
        /// A line is enlarged at most this many times for the recognizer: thinner lines (small
        /// print) are straightened to this many times their thickness and centred in its 48 rows
        /// (`lineCrop`), which makes them narrower and so faster to read. On the book-page
        /// benchmark 3 found the same words as no limit, and small print (x-height under 7 px)
        /// took 3-5% less time a page; the receipts scaled into 1280x720 frames
        /// (`scripts/bench-text`) read 88.0% of their words against 85.9%.
        public var maximumLineEnlargement = 3.0
        /// Report every line read, noise included (`LineNoiseRule`); by default lines the rule
        /// calls noise are left out, with their words and characters.
        public var keepsAllLines = false
        /// The rule that calls a line noise.
        public var noiseRule = LineNoiseRule()
        /// Words the lexicon lacks replaced by a lexicon word the recognizer finds nearly as
        /// likely (Vision's `usesLanguageCorrection`); nil reads every word as the
        /// recognizer's likeliest characters.
        public var languageCorrection: LanguageCorrection?
        /// Compile the detector for the size it first looks at an image at, and look at every
        /// later image at that size (a stream, whose frames share one size): a detector of fixed
        /// shape takes less than half the working memory of one that takes any size, and runs
        /// about a tenth faster (`InferenceSession.fixInputShape`). An image of another size is
        /// scaled to fit that size where it is larger, and padded with middle gray. A look at
        /// small print (`zoomsIntoSmallText`) is then enlarged across at most to that width
        /// (down as asked), and looked at in overlapping strips of that height, each line kept
        /// from the strip whose middle holds it (`detectInStrips`).
        public var fixesDetectionSize = false
        /// When the process holds more than this many bytes of resident memory after an
        /// image, the engine compiles its models again (`InferenceSession.forgetPreparedShapes`)
        /// and gives freed memory back to the system: OpenVINO keeps kernels and working memory
        /// for every input size a model has seen, so images of many sizes (a folder of photos)
        /// would otherwise grow the process without bound. Nil keeps everything (a stream, whose
        /// frames share one size).
        public var memoryCeiling: Int?

        public init(levels: Set<TextLevel> = [.line], recognize: Bool = false, detectionShortSide: Int = 736, threads: Int = 1) {
            self.levels = levels
            self.recognize = recognize
            self.detectionShortSide = detectionShortSide
            self.threads = threads
        }
    }

    public let options: Options
    public let models: TextModels
    private let runtime: NeuralRuntime
    /// Nil in an engine made only to read lines found by another (`lineReader`).
    private let detector: InferenceSession?
    private let recognizer: InferenceSession?
    private let decoding: CTCDecoding?
    /// The recognizer's class numbers by character (for scoring other readings).
    private let classes: [String: Int]
    /// The classes language correction may read (`LanguageCorrection.readableClasses`).
    private let readableClasses: [Bool]
    /// Words replaced by `Options.languageCorrection`.
    public private(set) var correctedWords = 0
    /// Lines read but not reported, called noise by `Options.noiseRule`.
    public private(set) var noiseLines = 0
    /// Images looked at a second time, enlarged (`Options.zoomsIntoSmallText`).
    public private(set) var zoomedImages = 0
    /// The detector's input size once fixed (`Options.fixesDetectionSize`): every image is
    /// looked at in a canvas of this size.
    public private(set) var fixedDetectionSize: ImageSize?
    /// Strips looked at in zooms into small print, when the detector's size is fixed.
    public private(set) var zoomStrips = 0
    /// Images whose inference failed (no lines reported for them).
    public private(set) var failedImages = 0
    /// Why the last failed inference failed.
    public private(set) var lastFailure: NeuralRuntimeError?
    /// Times the engine compiled its models again to give memory back (`Options.memoryCeiling`).
    public private(set) var memoryReleases = 0

    /// The recognizer's input height.
    static let lineHeight = 48

    /// Loads the models (the recognizer only when `options.recognize`). Throws when the
    /// runtime or a model cannot be loaded, or a model does not have the expected shape.
    public convenience init(options: Options = Options(), models: TextModels = .ppOCRv6Small, runtime: NeuralRuntime? = nil) throws(NeuralRuntimeError) {
        try self.init(options: options, models: models, runtime: runtime, findsLines: true)
    }

    /// An engine that only reads lines another engine found (`read(_:in:)`): its recognizer is
    /// loaded, its detector is not (a stream's background readers, which would otherwise each
    /// keep a detector's weights and working memory they never use).
    static func lineReader(options: Options, models: TextModels, runtime: NeuralRuntime?) throws(NeuralRuntimeError) -> NeuralTextEngine {
        var options = options
        options.recognize = true
        return try NeuralTextEngine(options: options, models: models, runtime: runtime, findsLines: false)
    }

    private init(options: Options, models: TextModels, runtime: NeuralRuntime?, findsLines: Bool) throws(NeuralRuntimeError) {
        self.options = options
        self.models = models
        let loaded: NeuralRuntime
        if let runtime { loaded = runtime } else { loaded = try NeuralRuntime.shared() }
        self.runtime = loaded
        if findsLines {
            let detector = try InferenceSession(modelPath: models.detector, threads: options.detectionThreads ?? options.threads, runtime: loaded)
            guard detector.inputShape.count == 4, detector.inputShape[1] == 3, detector.outputShape.count == 4,
                detector.outputShape[1] == 1
            else {
                throw .unexpectedModelShape(
                    path: models.detector,
                    detail: "a text detector takes [1, 3, H, W] and gives [1, 1, H, W]; this one takes \(Self.describe(detector.inputShape)) and gives \(Self.describe(detector.outputShape))")
            }
            self.detector = detector
        } else {
            detector = nil
        }
        guard options.recognize else {
            recognizer = nil
            decoding = nil
            classes = [:]
            readableClasses = []
            return
        }
        let model = try ModelFile.contents(of: models.recognizer)
        let metadata = try ONNXMetadata(encoded: model, path: models.recognizer)
        guard let list = metadata.properties["character"], !list.isEmpty else {
            throw .unexpectedModelShape(path: models.recognizer, detail: "no character list (ONNX metadata key character)")
        }
        let characters = list.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let recognizer: InferenceSession
        let decoding: CTCDecoding
        if options.script == .all {
            recognizer = try InferenceSession(model: model, modelPath: models.recognizer, threads: options.threads, runtime: loaded)
            decoding = CTCDecoding(characters: characters)
        } else {
            // The blank (class 0), the script's characters, and the space (the last class).
            let kept = characters.indices.filter { options.script.includes(characters[$0]) }
            let classes = [0] + kept.map { $0 + 1 } + [characters.count + 1]
            guard let narrowed = ONNXClassSubset.narrowed(model, classCount: characters.count + 2, keeping: classes) else {
                throw .unexpectedModelShape(
                    path: models.recognizer, detail: "no last layer scoring the \(characters.count + 2) classes of its character list")
            }
            recognizer = try InferenceSession(model: narrowed, modelPath: models.recognizer, threads: options.threads, runtime: loaded)
            decoding = CTCDecoding(characters: kept.map { characters[$0] })
        }
        guard recognizer.inputShape.count == 4, recognizer.inputShape[1] == 3, recognizer.inputShape[2] == Self.lineHeight,
            recognizer.outputShape.count == 3, recognizer.outputShape[2] == decoding.classCount
        else {
            throw .unexpectedModelShape(
                path: models.recognizer,
                detail: "a line recognizer takes [1, 3, 48, W] and gives [1, W/8, \(decoding.classCount)]; this one takes \(Self.describe(recognizer.inputShape)) and gives \(Self.describe(recognizer.outputShape))")
        }
        self.recognizer = recognizer
        self.decoding = decoding
        self.classes = options.languageCorrection == nil ? [:] : decoding.classNumbers
        self.readableClasses = options.languageCorrection == nil ? [] : LanguageCorrection.readableClasses(of: decoding)
    }

    private static func describe(_ shape: [Int?]) -> String {
        "[" + shape.map { $0.map(String.init) ?? "?" }.joined(separator: ", ") + "]"
    }

    /// Text lines in `image`'s pixel space in reading order, each followed by its words and
    /// characters when asked for.
    public func detectText(in image: GrayImage) -> [TextObservation] {
        defer { keepUnderMemoryCeiling() }
        do throws(NeuralRuntimeError) {
            let lines = try detectLines(in: image)
            guard options.recognize else {
                return lines.map { Self.box(of: $0, in: image) }
            }
            var observations: [TextObservation] = []
            for line in lines { observations += try read(line, in: image) }
            return observations
        } catch {
            failedImages += 1
            lastFailure = error
            return []
        }
    }

    /// Forgets what the models prepared for past input sizes when the process is over
    /// `Options.memoryCeiling`. A failure to compile again keeps the models as they were.
    func keepUnderMemoryCeiling() {
        guard let ceiling = options.memoryCeiling, let resident = ResidentMemory.current(), resident > ceiling else { return }
        memoryReleases += 1
        do throws(NeuralRuntimeError) {
            try detector?.forgetPreparedShapes()
            try recognizer?.forgetPreparedShapes()
        } catch {
            lastFailure = error
        }
        runtime.returnFreedMemory()
    }

    /// The size the detector sees `image` at: its shorter side near `detectionShortSide`,
    /// its longer side at most `detectionLongestSide`, both sides multiples of 32.
    func detectionSize(for image: GrayImage) -> ImageSize {
        let scale = min(
            Double(options.detectionShortSide) / Double(max(1, min(image.width, image.height))),
            Double(options.detectionLongestSide) / Double(max(1, image.width, image.height)))
        func rounded(_ side: Int) -> Int { max(32, Int((Double(side) * scale / 32).rounded()) * 32) }
        return ImageSize(width: rounded(image.width), height: rounded(image.height))
    }

    /// The detected lines' rectangles in `image`'s pixels, in reading order. When the lines
    /// are thin (small print seen from afar), the part of the image holding them is looked at
    /// again, enlarged (`Options.zoomsIntoSmallText`), and that look's lines are kept.
    func detectLines(in image: GrayImage) throws(NeuralRuntimeError) -> [RotatedRectangle] {
        guard image.width > 0, image.height > 0 else { return [] }
        if options.fixesDetectionSize, fixedDetectionSize == nil, let detector {
            let size = detectionSize(for: image)
            // A detector that cannot be compiled for one size goes on taking any size.
            try? detector.fixInputShape([1, 3, size.height, size.width])
            if detector.inputShape == [1, 3, size.height, size.width] { fixedDetectionSize = size }
        }
        let first = try detect(in: image, size: detectionSize(for: image))
        guard let zoom = zoom(for: first, in: image) else { return Self.readingOrder(first) }
        guard let crop = image.cropped(to: zoom.region) else { return Self.readingOrder(first) }
        if let canvas = fixedDetectionSize {
            let origin = PixelPoint(x: zoom.region.x.rounded(.down), y: zoom.region.y.rounded(.down))
            zoomedImages += 1
            let zoomed = try detectInStrips(crop, factor: zoom.factor, canvas: canvas, lineThickness: zoom.lineThickness)
            return Self.readingOrder(zoomed.map { $0.moved(by: origin) })
        }
        let size = ImageSize(
            width: max(32, Int((Double(crop.width) * zoom.factor / 32).rounded()) * 32),
            height: max(32, Int((Double(crop.height) * zoom.factor / 32).rounded()) * 32))
        let origin = PixelPoint(x: zoom.region.x.rounded(.down), y: zoom.region.y.rounded(.down))
        zoomedImages += 1
        let zoomed = try detect(in: crop, size: size).map { $0.moved(by: origin) }
        return Self.readingOrder(zoomed)
    }

    /// The region around `lines` and how much to enlarge it for a second look, or nil when the
    /// lines are thick enough (or a second look would not enlarge them much).
    func zoom(for lines: [RotatedRectangle], in image: GrayImage) -> (region: PixelRect, factor: Double, lineThickness: Double)? {
        guard options.zoomsIntoSmallText, !lines.isEmpty else { return nil }
        let thicknesses = lines.map(\.thickness).sorted()
        let median = thicknesses[thicknesses.count / 2]
        guard median < options.smallLineThickness, median > 0 else { return nil }
        let box = PixelRect(enclosing: lines.flatMap(\.corners))!
        let margin = 2 * median
        let left = max(0, box.x - margin), top = max(0, box.y - margin)
        let right = min(Double(image.width), box.x + box.width + margin)
        let bottom = min(Double(image.height), box.y + box.height + margin)
        let region = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        guard region.area > 0 else { return nil }
        var factor = min(options.maximumZoom, options.zoomedLineThickness / median)
        factor = min(factor, (Double(options.maximumZoomPixels) / region.area).squareRoot())
        // The first look already saw the image at its detection scale.
        let firstScale = Double(detectionSize(for: image).height) / Double(image.height)
        guard factor > firstScale * 1.2 else { return nil }
        return (region, factor, median)
    }

    /// The lines of `crop` enlarged `factor` times, looked at through the detector's fixed
    /// input size `canvas` in strips of rows, in `crop`'s pixels: each strip as many rows as
    /// fill `canvas` once enlarged, consecutive strips overlapping by at least four times
    /// `lineThickness` (a line's thickness at the first look), so that every line lies whole
    /// in the strip whose middle holds its centre, which is the strip it is kept from. A crop
    /// too wide for `canvas` once enlarged is enlarged less across than down (its lines
    /// narrowed, their thickness as asked).
    func detectInStrips(_ crop: GrayImage, factor: Double, canvas: ImageSize, lineThickness: Double) throws(NeuralRuntimeError) -> [RotatedRectangle] {
        let width = min(canvas.width, max(1, Int((Double(crop.width) * factor).rounded())))
        let stripRows = max(1, min(crop.height, Int(Double(canvas.height) / factor)))
        let overlap = min(stripRows / 2, Int((4 * lineThickness).rounded(.up)))
        var lines: [RotatedRectangle] = []
        for strip in Self.strips(ofRows: crop.height, stripRows: stripRows, overlap: overlap) {
            guard let rows = crop.cropped(to: PixelRect(x: 0, y: Double(strip.start), width: Double(crop.width), height: Double(stripRows))) else { continue }
            zoomStrips += 1
            let height = min(canvas.height, max(1, Int((Double(rows.height) * factor).rounded())))
            let offset = PixelPoint(x: 0, y: Double(strip.start))
            for line in try detect(in: rows, size: ImageSize(width: width, height: height)) {
                let centre = line.centre.y + offset.y
                if centre >= strip.keeps.lowerBound && centre < strip.keeps.upperBound { lines.append(line.moved(by: offset)) }
            }
        }
        return lines
    }

    /// Strips of `stripRows` rows covering `rows` rows, spread evenly, consecutive ones
    /// overlapping by at least `overlap` rows (one strip when it covers them all): where each
    /// starts, and the rows whose lines it keeps (from the middle of its overlap with the strip
    /// before to the middle of its overlap with the strip after; the first from minus infinity,
    /// the last to infinity).
    static func strips(ofRows rows: Int, stripRows: Int, overlap: Int) -> [(start: Int, keeps: Range<Double>)] {
        guard rows > stripRows, stripRows > overlap else { return [(0, -Double.infinity..<Double.infinity)] }
        let count = Int((Double(rows - overlap) / Double(stripRows - overlap)).rounded(.up))
        let starts = (0..<count).map { Int((Double($0) * Double(rows - stripRows) / Double(count - 1)).rounded()) }
        return starts.indices.map { index in
            let low = index == 0 ? -Double.infinity : Double(starts[index] + starts[index - 1] + stripRows) / 2
            let high = index == count - 1 ? Double.infinity : Double(starts[index + 1] + starts[index] + stripRows) / 2
            return (starts[index], low..<high)
        }
    }

    /// The detector's lines in `image` seen at `size`, in `image`'s pixels.
    /// With the detector's size fixed, `image` is scaled to `size` shrunk to fit that size,
    /// and padded to it.
    private func detect(in image: GrayImage, size: ImageSize) throws(NeuralRuntimeError) -> [RotatedRectangle] {
        guard let detector else { return [] }
        var size = size
        if let canvas = fixedDetectionSize, size.width > canvas.width || size.height > canvas.height {
            let shrink = min(Double(canvas.width) / Double(size.width), Double(canvas.height) / Double(size.height))
            size = ImageSize(
                width: min(canvas.width, max(1, Int(Double(size.width) * shrink))),
                height: min(canvas.height, max(1, Int(Double(size.height) * shrink))))
        }
        let input = image.modelInput(
            width: size.width, height: size.height, normalization: models.detectorNormalization,
            paddedWidth: fixedDetectionSize?.width, paddedHeight: fixedDetectionSize?.height)
        let output = try detector.run(input)
        let map = TextProbabilityMap(width: output.shape[3], height: output.shape[2], values: output.values)
        // The map has the input's size; the image fills its top left `size`.
        let scaleX = Double(image.width) / Double(size.width), scaleY = Double(image.height) / Double(size.height)
        return map.lines(options: options.lineOptions).map { $0.rectangle.scaled(x: scaleX, y: scaleY) }
    }

    /// Top to bottom; lines whose tops lie within half a line of each other, left to right.
    static func readingOrder(_ rectangles: [RotatedRectangle]) -> [RotatedRectangle] {
        let byTop = rectangles.sorted { top($0) < top($1) }
        var rows: [[RotatedRectangle]] = []
        for rectangle in byTop {
            if let last = rows.last?.last, abs(top(rectangle) - top(last)) < min(rectangle.thickness, last.thickness) / 2 {
                rows[rows.count - 1].append(rectangle)
            } else {
                rows.append([rectangle])
            }
        }
        return rows.flatMap { $0.sorted { $0.centre.x < $1.centre.x } }
    }

    private static func top(_ rectangle: RotatedRectangle) -> Double { rectangle.corners.map(\.y).min()! }

    /// The observations for one line: the line with its text, then its words and characters
    /// as asked; nothing when the recognizer reads no character in it.
    func read(_ line: RotatedRectangle, in image: GrayImage) throws(NeuralRuntimeError) -> [TextObservation] {
        guard let recognizer, let decoding else { return [] }
        let crop = Self.lineCrop(line, in: image, maximumEnlargement: options.maximumLineEnlargement)
        let scores = try recognizer.run(Self.recognizerInput(crop))
        let characters = decoding.decode(scores.values[...], columns: scores.shape[1])
        let columns = scores.shape[1]
        // Spaces at either end carry no text.
        guard let first = characters.firstIndex(where: { $0.text != " " }),
            let last = characters.lastIndex(where: { $0.text != " " })
        else { return [] }
        var kept = Array(characters[first...last])
        if let correction = options.languageCorrection {
            let line = CTCScores(probabilities: scores.values, columns: columns, decoding: decoding, classes: classes)
            let corrected = correction.corrected(kept, scores: line, readable: readableClasses)
            kept = corrected.characters
            correctedWords += corrected.replacements.count
        }
        let text = kept.map(\.text).joined()
        let confidence = Double(kept.map(\.score).reduce(0, +)) / Double(kept.count)
        if !options.keepsAllLines, options.noiseRule.isNoise(text: text, confidence: confidence) {
            noiseLines += 1
            return []
        }
        var observations = [
            TextObservation(level: .line, pixelBounds: Self.bounds(of: line, in: image), text: text, confidence: confidence, corners: Self.clamped(line.corners, to: image))
        ]
        // Column c of the scores covers input columns c * stride ..< (c + 1) * stride; the crop
        // fills the input's first columns.
        let stride = Double(Self.paddedWidth(crop.width)) / Double(columns)
        func part(_ run: ArraySlice<CTCDecoding.Character>, level: TextLevel) -> TextObservation {
            let start = Double(run.first!.columns.lowerBound) * stride, end = Double(run.last!.columns.upperBound + 1) * stride
            let piece = line.section(from: start / Double(crop.width), to: min(1, end / Double(crop.width)))
            let score = Double(run.map(\.score).reduce(0, +)) / Double(run.count)
            return TextObservation(
                level: level, pixelBounds: Self.bounds(of: piece, in: image), text: run.map(\.text).joined(), confidence: score,
                corners: Self.clamped(piece.corners, to: image))
        }
        if options.levels.contains(.word) {
            for word in kept.split(whereSeparator: { $0.text == " " }) { observations.append(part(word, level: .word)) }
        }
        if options.levels.contains(.character) {
            for index in kept.indices where kept[index].text != " " {
                observations.append(part(kept[index...index], level: .character))
            }
        }
        return observations
    }

    /// `line` straightened for the recognizer: `lineHeight` rows, or, when that would enlarge
    /// it more than `maximumEnlargement` times, that many times its thickness centred in
    /// `lineHeight` rows of the paper's shade. Its columns span the line's length either way.
    static func lineCrop(_ line: RotatedRectangle, in image: GrayImage, maximumEnlargement: Double) -> GrayImage {
        let rows = min(lineHeight, max(1, Int((line.thickness * maximumEnlargement).rounded())))
        return image.straightened(line, height: rows, maximumWidth: maximumLineColumns).paddedVertically(to: lineHeight)
    }

    /// The most columns a line's crop has. A line's crop is at most 3 times as wide as the line
    /// is long, so this is reached only by a line over 5,000 pixels long (a hostile strip of an
    /// image); its crop is squeezed to fit, which bounds the recognizer's memory.
    static let maximumLineColumns = 16_384

    /// `line` as a line observation without text: its box and corners in `image`.
    static func box(of line: RotatedRectangle, in image: GrayImage) -> TextObservation {
        TextObservation(level: .line, pixelBounds: bounds(of: line, in: image), corners: clamped(line.corners, to: image))
    }

    /// `corners` moved inside the image where they lie beyond its edges (a line grown back
    /// past the border).
    static func clamped(_ corners: [PixelPoint], to image: GrayImage) -> [PixelPoint] {
        corners.map { PixelPoint(x: min(Double(image.width), max(0, $0.x)), y: min(Double(image.height), max(0, $0.y))) }
    }

    /// Recognizer inputs are padded on the right to a multiple of this many columns (with the
    /// normalized value 0, mid-gray, as PaddleOCR pads a batch): OpenVINO prepares each new
    /// input shape once (12-30 ms, more than reading a short line) and keeps it, so the lines
    /// of a page share a few shapes instead of each bringing its own.
    static let widthStep = 64

    static func paddedWidth(_ width: Int) -> Int { (width + widthStep - 1) / widthStep * widthStep }

    /// A straightened line as the recognizer's `[1, 3, 48, W]` input, padded to `paddedWidth`.
    static func recognizerInput(_ crop: GrayImage) -> NeuralTensor {
        crop.modelInput(width: crop.width, height: crop.height, normalization: .symmetric, paddedWidth: paddedWidth(crop.width))
    }

    /// The box around `rectangle`'s corners, clipped to the image.
    static func bounds(of rectangle: RotatedRectangle, in image: GrayImage) -> PixelRect {
        let box = PixelRect(enclosing: rectangle.corners)!
        let left = max(0, box.x), top = max(0, box.y)
        let right = min(Double(image.width), box.x + box.width), bottom = min(Double(image.height), box.y + box.height)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

extension RotatedRectangle {
    /// The part of this rectangle between the fractions `start` and `end` of its length,
    /// across its whole thickness.
    func section(from start: Double, to end: Double) -> RotatedRectangle {
        let middle = ((start + end) / 2 - 0.5) * length
        return RotatedRectangle(
            centre: PixelPoint(x: centre.x + middle * direction.x, y: centre.y + middle * direction.y),
            length: (end - start) * length, thickness: thickness, direction: direction)
    }
}
