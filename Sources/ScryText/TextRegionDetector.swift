import ScryCore

/// The text lane's detector: one tesseract engine and the options it runs with. Layout
/// without recognition is analysed on the image binarized by Scry (`TesseractEngine.layout`).
///
/// With recognition, small text is enlarged first: a layout pass measures the median line
/// height, and an image whose lines are shorter than `TextScale.smallLineHeight` is
/// recognized at 2x or 3x (bicubic), its boxes scaled back to this image's pixels. A reading
/// with doubtful lines (`TextReadingMerge.isDoubtful`) is read again on the image contrast-normalized
/// (`LocalContrastNormalization`), and the two readings merged line by line, keeping the
/// surer reading of each (`TextReadingMerge`): faded and unevenly printed receipts.
///
/// In the `.video` profile the detector also remembers the last frame it analysed: a frame
/// showing the same still scene (`ImageSignature`) gets that frame's regions again at the
/// cost of a signature; a blank frame (`ImageSignature.isBlank`) is not laid out; and a
/// frame whose previous lines were at least `TextScale.largeLineHeight` tall has its layout
/// analysed at half size.
public final class TextRegionDetector: TextDetecting {
    public let options: TextDetectionOptions
    public let profile: Profile
    private let engine: TesseractEngine
    /// The last analysed frame's signature and regions (video profile).
    private var last: (signature: ImageSignature, observations: [TextObservation])?
    /// The median line height of the last analysed frame, in its pixels (video profile).
    private var lastLineHeight: Double?
    /// What the video profile saved: frames answered from the last analysis, and frames
    /// analysed at half size.
    public private(set) var reusedFrames = 0
    public private(set) var halfSizeFrames = 0
    /// Frames with no content at all, not laid out.
    public private(set) var blankFrames = 0
    /// Images recognized a second time, contrast-normalized (`TextReadingMerge.isDoubtful`).
    public private(set) var secondReadings = 0

    public enum Profile: Sendable {
        /// Still images and sequential replays: every frame analysed as it is.
        case stillImage
        /// A live stream: reuse for still scenes, half-size layout for large text.
        case video
    }

    public init(
        options: TextDetectionOptions, profile: Profile = .stillImage, language: String = "eng",
        dataPath: String? = nil
    ) throws(TextEngineError) {
        self.options = options
        self.profile = profile
        self.engine = try TesseractEngine(language: language, dataPath: dataPath)
    }

    /// Boxes (and with recognition, text) in `image`'s pixel space, lines in reading order.
    public func detectText(in image: GrayImage) -> [TextObservation] {
        guard profile == .video else { return analyse(image) }
        let signature = ImageSignature(image)
        if let last, last.signature.isSameScene(as: signature) {
            reusedFrames += 1
            return last.observations
        }
        // A frame with no ink anywhere (a wall, a blank page) holds no text: no layout.
        let observations: [TextObservation]
        if signature.isBlank {
            blankFrames += 1
            observations = []
        } else {
            observations = analyse(image)
        }
        last = (signature, observations)
        lastLineHeight = TextScale.medianHeight(of: observations.filter { $0.level == .line }.map(\.pixelBounds))
        return observations
    }

    private func analyse(_ image: GrayImage) -> [TextObservation] {
        if options.recognize { return recognize(image) }
        if profile == .video, !options.levels.contains(.character), let lastLineHeight, lastLineHeight >= TextScale.largeLineHeight {
            halfSizeFrames += 1
            let half = image.resampled(width: image.width / 2, height: image.height / 2)
            let scale = Double(image.width) / Double(half.width)
            return engine.layout(of: half, levels: options.levels).map { $0.scaled(by: scale) }
        }
        return engine.layout(of: image, levels: options.levels)
    }

    /// Recognition: small text enlarged first, and a doubtful reading read again on the
    /// contrast-normalized image, line by line keeping the surer reading (`TextReadingMerge`).
    private func recognize(_ image: GrayImage) -> [TextObservation] {
        let lineHeight = options.enlargesSmallText || options.rereadsDoubtfulText ? medianLineHeight(of: image) : nil
        let factor = options.enlargesSmallText ? TextScale.recognitionFactor(medianLineHeight: lineHeight) : 1
        let subject = factor > 1 ? image.enlargedBicubic(by: factor) : image
        // Words are read even when not asked for: they score the lines for the merge.
        var readingOptions = options
        if options.rereadsDoubtfulText { readingOptions.levels.insert(.word) }
        var reading = engine.detect(in: subject, options: readingOptions)
        if options.rereadsDoubtfulText, TextReadingMerge.isDoubtful(reading) {
            secondReadings += 1
            let normalization = LocalContrastNormalization(
                window: LocalContrastNormalization.window(forLineHeight: lineHeight.map { $0 * Double(factor) }))
            let second = engine.detect(in: normalization.apply(to: subject), options: readingOptions)
            reading = TextReadingMerge.merged(reading, second)
        }
        reading = reading.filter { options.levels.contains($0.level) }
        return factor > 1 ? reading.map { $0.scaled(by: 1 / Double(factor)) } : reading
    }

    /// The median height of `image`'s text lines by layout analysis, in its pixels.
    func medianLineHeight(of image: GrayImage) -> Double? {
        TextScale.medianHeight(of: engine.layout(of: image, levels: [.line]).map(\.pixelBounds))
    }

    /// How many times recognition enlarges `image` (`TextScale.recognitionFactor`).
    func recognitionFactor(for image: GrayImage) -> Int {
        TextScale.recognitionFactor(medianLineHeight: medianLineHeight(of: image))
    }
}

extension TextObservation {
    /// This observation with its box scaled by `factor` (about the image's origin).
    func scaled(by factor: Double) -> TextObservation {
        var scaled = self
        scaled.pixelBounds = PixelRect(
            x: pixelBounds.x * factor, y: pixelBounds.y * factor, width: pixelBounds.width * factor,
            height: pixelBounds.height * factor)
        scaled.corners = corners?.map { PixelPoint(x: $0.x * factor, y: $0.y * factor) }
        return scaled
    }
}
