import Glibc
import ArgumentParser
import ScryCore
import ScryMotion
import ScryText
import ScryNeuralText
import ScryBarcode
import ScryFaces
import ScryDocuments
import ScryImageIO
import ScryPipeline
import SystemPackage

extension ImageOrientation: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.name) }
}

/// `--orientation`: how the device is held, or `auto` (detected from the text).
enum OrientationChoice: ExpressibleByArgument, Equatable {
    case device(DeviceOrientation)
    case auto

    init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let device = DeviceOrientation(rawValue: argument) {
            self = .device(device)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { DeviceOrientation.allCases.map(\.rawValue) + ["auto"] }
}
extension TextLayout: ExpressibleByArgument {}
extension RecognitionScript: ExpressibleByArgument {}
extension CameraPosition: ExpressibleByArgument {}

/// The options every detecting command shares.
struct DetectionOptions: ParsableArguments {
    // Help lists the groups in this order, before the command's own options.
    @OptionGroup(title: "General") var general: GeneralDetectionOptions
    @OptionGroup(title: "Barcodes") var barcodeOptions: BarcodeOptions
    @OptionGroup(title: "Text") var textOptions: TextOptions
    @OptionGroup(title: "Faces") var faceOptions: FaceOptions
    @OptionGroup(title: "Rectangles") var rectangles: RectangleOptions
    @OptionGroup(title: "Sharpness") var sharpness: SharpnessOptions
    @OptionGroup(title: "Guidance") var guidance: GuidanceOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @OptionGroup(title: "Objects") var trackObject: TrackObjectOptions
    @OptionGroup(title: "Output") var outputOptions: OutputOptions

    var imageOrientation: ImageOrientation? { general.imageOrientation }
    var orientation: OrientationChoice? { general.orientation }
    var camera: CameraPosition { general.camera }
    var noBarcodes: Bool { barcodeOptions.noBarcodes }
    var formats: String? { barcodeOptions.formats }
    var moduleSizes: String? { barcodeOptions.moduleSizes }
    var minModulePx: Double? { barcodeOptions.minModulePx }
    var noText: Bool { textOptions.noText }
    var recognize: Bool { textOptions.recognize }
    var textBoxes: Bool { textOptions.textBoxes }
    var words: Bool { textOptions.words }
    var chars: Bool { textOptions.chars }
    var textEngine: TextEngineChoice? { textOptions.engine.textEngine }
    var textScript: RecognitionScript { textOptions.engine.textScript }
    var allLines: Bool { textOptions.allLines }
    var noLanguageCorrection: Bool { textOptions.engine.noLanguageCorrection }
    var customWords: String? { textOptions.customWords }
    var textLayout: TextLayout { textOptions.engine.textLayout }
    var noEnlarge: Bool { textOptions.noEnlarge }
    var noSecondReading: Bool { textOptions.noSecondReading }
    var language: String { textOptions.engine.language }
    var tessdata: String? { textOptions.engine.tessdata }
    var faces: Bool { faceOptions.faces }
    var faceLandmarks: Bool { faceOptions.faceLandmarks }
    var minFaceSize: Double { faceOptions.minFaceSize }
    var plain: Bool { outputOptions.plain }
    var stats: Bool { outputOptions.stats }
    var annotate: String? { outputOptions.annotate }

    func validate() throws {
        // Pictures' paths are made from the folder's name and the images' names as text.
        try requireUTF8(annotate, option: "--annotate")
        if imageOrientation != nil && orientation != nil {
            throw ValidationError("--image-orientation and --orientation cannot be used together")
        }
        if let formats {
            if noBarcodes { throw ValidationError("--formats and --no-barcodes cannot be used together") }
            do { _ = try BarcodeFormatSelection(parsing: formats) } catch { throw ValidationError("--formats: \(error)") }
        }
        if noBarcodes && noText && !otherLanes.contains(where: \.asksForLane) {
            throw ValidationError("--no-barcodes and --no-text leave nothing to detect")
        }
        if !(minFaceSize.isFinite && minFaceSize >= 0.01 && minFaceSize <= 1) {
            throw ValidationError("--min-face-size must be a fraction of the image's width from 0.01 to 1")
        }
        if let minModulePx, !(minModulePx.isFinite && minModulePx > 0 && minModulePx <= 100) {
            throw ValidationError("--min-module-px must be a number of pixels above 0 and at most 100")
        }
        if noText && (words || chars || recognize || textBoxes) {
            throw ValidationError("--words, --chars, --recognize and --text-boxes need text detection (drop --no-text)")
        }
        if plain && stats { throw ValidationError("--stats writes a JSON line: it cannot be used with --plain") }
        if plain && textBoxes { throw ValidationError("--plain prints the text read: it cannot be used with --text-boxes") }
        if recognize && textBoxes {
            throw ValidationError("--recognize and --text-boxes cannot be used together")
        }
        try requireUTF8(customWords, option: "--custom-words")
        if noLanguageCorrection && customWords != nil {
            throw ValidationError("--custom-words and --no-language-correction cannot be used together")
        }
    }

    /// Whether text boxes are read (carry their text): image files unless `--text-boxes`;
    /// a `stream` (live, replay) with `--recognize` or `--plain`.
    func readsText(stream: Bool) -> Bool {
        stream ? recognize || plain : !textBoxes
    }

    /// The language correction `--no-language-correction` and `--custom-words` ask for.
    var languageCorrection: LanguageCorrectionChoice {
        noLanguageCorrection ? .off : LanguageCorrectionChoice(customWords: customWords)
    }

    /// The picture writer `--annotate` asks for, else nil: at most `maximumPerSecond`
    /// pictures a second, written in the background, when given (streamed runs); else every
    /// picture, in order. Status 73 when the directory cannot be made.
    func makeAnnotator(maximumPerSecond: Double? = nil) throws -> AnnotationWriter? {
        guard let annotate else { return nil }
        do {
            return try AnnotationWriter(
                directory: FilePath(argument: annotate), maximumPerSecond: maximumPerSecond,
                inBackground: maximumPerSecond != nil)
        } catch {
            throw CommandFailure(
                message: "--annotate \(annotate.escapedForDisplay): cannot make the directory: \(error)",
                status: ExitStatus.cannotCreate)
        }
    }

    /// Whether faces are looked for (`--faces`, or `--face-landmarks`).
    var lookForFaces: Bool { faces || faceLandmarks }

    /// The orientation the frames are stored in.
    var resolvedOrientation: ImageOrientation {
        if let imageOrientation { return imageOrientation }
        if case .device(let device) = orientation { return ImageOrientation(device: device, camera: camera) }
        return .up
    }

    /// Whether the command line sets how frames are stored (`--image-orientation`, or a
    /// device `--orientation`), which overrides an image file's EXIF orientation.
    var setsOrientation: Bool {
        if imageOrientation != nil { return true }
        if case .device = orientation { return true }
        return false
    }

    /// Whether the orientation is detected (`--orientation auto`).
    var detectsOrientation: Bool { orientation == .auto }

    /// The orientation follower `--orientation auto` asks for, else nil.
    /// The neural engine's (PP-OCR's line detector and direction classifier) unless the text
    /// engine asked for is tesseract, whose orientation detection it then is. Status 69 when
    /// the models or tesseract's `osd` data are missing. `memoryCeiling`: the neural engine's
    /// (`NeuralTextEngine.Options.memoryCeiling`), for images of many sizes.
    func makeOrientationFollower(memoryCeiling: Int? = nil) throws -> OrientationFollower? {
        guard detectsOrientation else { return nil }
        if textEngine == .tesseract {
            do {
                let detector = try OrientationDetector(dataPath: tessdata)
                return OrientationFollower { detector.estimate(in: $0) }
            } catch {
                throw CommandFailure(
                    message: "--orientation auto: \(error) (orientation detection needs tesseract-ocr-osd)",
                    status: ExitStatus.unavailable)
            }
        }
        do {
            let detector = try NeuralOrientationDetector(memoryCeiling: memoryCeiling)
            return OrientationFollower { detector.estimate(in: $0) }
        } catch {
            throw CommandFailure(message: "--orientation auto: \(error)", status: ExitStatus.unavailable)
        }
    }

    /// How a stream's frames are stored: followed from their text (`--orientation auto`),
    /// else as the options say.
    func makeStreamOrientation() throws -> StreamOrientation {
        if let follower = try makeOrientationFollower() { return .followed(follower) }
        return .fixed(resolvedOrientation)
    }

    /// The lanes besides barcodes and text, in the order they see a frame (after the barcode
    /// lane, before the text lane). A new lane's option group goes here.
    var otherLanes: [any LaneOptions] { [rectangles, faceOptions, sharpness, guidance, motion, trackObject] }

    /// The detectors these options ask for, one per lane, cheapest first: barcodes, the other
    /// lanes (`otherLanes`), then text.
    /// `video` gives each its video profile (a streamed run's lanes); otherwise they work as on
    /// still images (a replay in order, image files). With `tracking` they write track events;
    /// without (image files), every detection is a line.
    /// With `following` (the live view), the object lane is always on and takes the boxes
    /// handed to it while the run goes.
    func makeDetectors(video: Bool, tracking: TrackingPolicy?, following: ObjectRequests? = nil) throws -> [any Detector] {
        var detectors: [any Detector] = []
        // Text over a code the barcode lane found is not reported; a code read below its
        // minimum module size is a "move closer".
        let areas: BarcodeAreas? = noBarcodes || (noText && !guidance.guidance) ? nil : BarcodeAreas()
        if !noBarcodes {
            let barcodes = BarcodeDetector(
                thresholds: try minModulePx.map { ModuleSizeThresholds(defaultMinimum: $0) } ?? loadThresholds(),
                profile: video ? .video : .stillImage, dropsBelowMinimum: minModulePx != nil,
                selection: try formats.map { try BarcodeFormatSelection(parsing: $0) } ?? .all)
            detectors.append(BarcodeLaneDetector(barcodes, tracking: tracking, publishingTo: areas))
        }
        for lane in otherLanes {
            if let objects = lane as? TrackObjectOptions, let following {
                detectors.append(try objects.makeDetector(tracking: tracking, inbox: following))
                continue
            }
            guard lane.asksForLane else { continue }
            if let guidance = lane as? GuidanceOptions {
                detectors.append(guidance.makeDetector(areas: areas, stream: tracking != nil))
                continue
            }
            detectors.append(try lane.makeDetector(video: video, tracking: tracking))
        }
        if !noText {
            var levels: Set<TextLevel> = [.line]
            if words { levels.insert(.word) }
            if chars { levels.insert(.character) }
            let recognize = readsText(stream: tracking != nil)
            let engine = textEngine ?? .default(recognizing: recognize, stream: tracking != nil)
            let otherLaneCount = detectors.count
            let makeText: () throws -> any TextDetecting = { [self] in
                if engine == .neural {
                    return tracking == nil
                        ? try TextEngineChoice.makeNeuralEngine(
                            levels: levels, recognize: recognize, keepsAllLines: allLines, correction: languageCorrection,
                            script: textScript)
                        : try TextEngineChoice.makeNeuralStreamReader(
                            levels: levels, recognize: recognize, keepsAllLines: allLines, correction: languageCorrection,
                            script: textScript, video: video, otherLanes: otherLaneCount)
                }
                do {
                    return try TextRegionDetector(
                        options: TextDetectionOptions(
                            levels: levels, recognize: recognize, layout: textLayout, enlargesSmallText: !noEnlarge,
                            rereadsDoubtfulText: !noSecondReading),
                        profile: video ? .video : .stillImage,
                        language: language, dataPath: tessdata)
                } catch {
                    throw CommandFailure(message: "\(error)", status: ExitStatus.unavailable)
                }
            }
            if tracking == nil && !video {
                // Image files: the engine is loaded when an image first shows something shaped
                // like text, and images without any skip it. What can be checked cheaply is
                // checked now, before any line is printed.
                if recognize && engine == .neural { try languageCorrection.checkReadable() }
                detectors.append(TextLaneDetector(loading: makeText, barcodeAreas: areas, skipsFramesWithoutText: true))
            } else {
                detectors.append(TextLaneDetector(try makeText(), tracking: tracking, barcodeAreas: areas, threaded: video))
            }
        }
        return detectors
    }

    /// The session line of a run from `source` with `detectors`, with what every session line
    /// says.
    func sessionLine(_ source: SessionLine.Source, detectors: [any Detector]) -> SessionLine {
        SessionLine(
            source: source, orientation: detectsOrientation ? "auto" : resolvedOrientation.name,
            detectors: detectors.map(\.name), recognize: !noText && readsText(stream: source != .image),
            scryVersion: Scry.version)
    }

    private func loadThresholds() throws -> ModuleSizeThresholds {
        let path: String
        if let moduleSizes {
            path = moduleSizes
        } else if let found = CalibrationFiles.find("module-sizes.json") {
            path = found
        } else {
            return .mlKitGuidance
        }
        let bytes: [UInt8]
        do { bytes = try ImageFile.readBytes(path: FilePath(argument: path)) } catch {
            throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.noInput)
        }
        do { return try ModuleSizeThresholds(json: bytes) } catch {
            throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.dataError)
        }
    }
}

/// The general options of the detecting commands (`DetectionOptions`).
struct GeneralDetectionOptions: ParsableArguments {
    @Option(help: "How the stored image is oriented, as an EXIF value 1-8 or its name (up, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left). Frames are turned upright before detection.")
    var imageOrientation: ImageOrientation?

    @Option(help: "How the camera is held (portrait, portrait-upside-down, landscape-left, landscape-right; mapped with --camera to an image orientation by ML Kit's table), or auto: turn frames upright by the orientation of their text (its lines read both ways round by the neural engine, or tesseract's orientation detection with --text-engine tesseract), reported in \"orientation\" lines.")
    var orientation: OrientationChoice?

    @Option(help: "Which way the camera faces, with --orientation (back, front).")
    var camera: CameraPosition = .back
}

/// The barcodes options of the detecting commands (`DetectionOptions`).
struct BarcodeOptions: ParsableArguments {
    @Flag(help: "Do not look for barcodes.")
    var noBarcodes = false

    @Option(help: ArgumentHelp("Look for these barcode symbologies only, a comma-separated list of the names barcode lines use (qr_code, ean_13, upc_a, upc_e, ean_8, code_128, data_matrix, pdf417, aztec, ...; ML Kit's FORMAT_ names too), or all. Fewer formats never cost more. A UPC-A is reported as the EAN-13 it is: the ean_13 that starts with 0, kept by upc_a (and left out by ean_13).", valueName: "list"))
    var formats: String?

    @Option(help: "The module-size table (JSON). Default: Calibration/module-sizes.json beside the build, else ML Kit's 2 px per module.")
    var moduleSizes: String?

    @Option(help: ArgumentHelp("Drop barcodes whose estimated module size is below this many pixels (for every symbology, instead of the calibrated table), rather than flagging them with meets_minimum false. Barcodes whose module size cannot be estimated are kept.", valueName: "px"))
    var minModulePx: Double?
}

/// The text options of the detecting commands (`DetectionOptions`).
struct TextOptions: ParsableArguments {
    @Flag(help: "Do not look for text.")
    var noText = false

    @Flag(help: "Recognize text: add text and confidence to every text box. The default for image files; live and replay report boxes without text unless given it.")
    var recognize = false

    @Flag(help: "image: report text boxes without their text (faster: the recognizer is not run).")
    var textBoxes = false

    @Flag(help: "Also report word boxes.")
    var words = false

    @Flag(help: "Also report character boxes.")
    var chars = false

    @OptionGroup var engine: TextEngineOptions

    @Flag(help: "Neural engine: report every line read, including those it calls noise (confidence under 0.7, no letter or digit, half or more of its characters outside the Latin script).")
    var allLines = false

    @Option(help: ArgumentHelp("Neural engine: more words for language correction, one per line (Vision's customWords), beside the word lists american-english and british-english (Debian's wamerican and wbritish, in $SCRY_WORD_LIST_DIR or /usr/share/dict).", valueName: "file"))
    var customWords: String?

    @Flag(help: "Tesseract: recognize small text as it is, without enlarging it first.")
    var noEnlarge = false

    @Flag(help: "Tesseract: recognize once, without reading a doubtful reading again on the contrast-normalized image.")
    var noSecondReading = false
}

/// The faces options of the detecting commands (`DetectionOptions`).
struct FaceOptions: LaneOptions {
    @Flag(help: "Look for faces (MediaPipe's BlazeFace through OpenVINO, in colour): face lines with a box, confidence, six keypoints (eyes, nose tip, mouth, ear tragions), roll and yaw. Off by default.")
    var faces = false

    @Flag(help: "Look for faces with their landmarks (implies --faces): Vision's regions (face contour, eyes, eyebrows, nose, nose crest, median line, outer and inner lips, pupils) as point lists, from MediaPipe's face mesh; roll and yaw then come from them.")
    var faceLandmarks = false

    @Option(help: ArgumentHelp("With --faces: the smallest face wanted, as its width over the image's width (ML Kit's minFaceSize). Smaller faces cost more time.", valueName: "fraction"))
    var minFaceSize: Double = FaceDetectorOptions.defaultMinimumFaceSize

    var asksForLane: Bool { faces || faceLandmarks }

    func makeDetector(video: Bool, tracking: TrackingPolicy?) throws -> any Detector {
        let detector: FaceDetector
        do {
            detector = try FaceDetector(
                options: FaceDetectorOptions(minimumFaceSize: minFaceSize, landmarks: faceLandmarks),
                profile: video ? .video : .stillImage)
        } catch {
            throw CommandFailure(message: "--faces: \(error)", status: ExitStatus.unavailable)
        }
        return FaceLaneDetector(detector, tracking: tracking)
    }
}

/// The output options of the detecting commands (`DetectionOptions`).
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print for a person instead of JSON lines: one line per detection (symbology:payload for a barcode, the text of each text line in reading order, face x,y wxh, rectangle and its corners), nothing else; in streams, once per track (when confirmed, a text line when read). Text is read in streams too.")
    var plain = false

    @Flag(help: "End with a {\"type\":\"stats\"} line.")
    var stats = false

    @Option(help: ArgumentHelp("Write a picture (PNG) of each frame or image that had a detection into this directory (made if missing), every detection drawn over it: barcode outlines with symbology and payload, text boxes with their text, track numbers, a legend of counts. Live capture and --realtime write at most 2 pictures a second.", valueName: "dir"))
    var annotate: String?
}

/// Finds files of the Calibration/ folder: under $SCRY_CALIBRATION, then in a Calibration/
/// folder above the executable (a build inside the source tree), then /usr/local/share/scry.
enum CalibrationFiles {
    static func find(_ name: String) -> String? {
        var candidates: [String] = []
        if let directory = getenv("SCRY_CALIBRATION") {
            candidates.append(String(cString: directory) + "/" + name)
        }
        var directory = FilePath(executablePath()).removingLastComponent()
        while !directory.isEmpty && directory != "/" {
            candidates.append(directory.appending("Calibration").appending(name).string)
            directory = directory.removingLastComponent()
        }
        candidates.append("/usr/local/share/scry/" + name)
        return candidates.first { access($0, R_OK) == 0 }
    }

    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
