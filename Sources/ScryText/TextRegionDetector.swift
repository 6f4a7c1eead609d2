import ScryCore

/// The text lane's detector: one tesseract engine and the options it runs with.
public final class TextRegionDetector: TextDetecting {
    public let options: TextDetectionOptions
    private let engine: TesseractEngine

    public init(options: TextDetectionOptions, language: String = "eng", dataPath: String? = nil)
        throws(TextEngineError)
    {
        self.options = options
        self.engine = try TesseractEngine(language: language, dataPath: dataPath)
    }

    public func detectText(in image: GrayImage) -> [TextObservation] {
        engine.detect(in: image, options: options)
    }
}
