import ScryNeural

/// The detection and recognition models a neural text engine runs, and how each wants its
/// pixels.
public struct TextModels: Sendable, Equatable {
    /// A DB text detector: a `[1, 3, H, W]` image in, a `[1, 1, H, W]` probability map out.
    public var detector: String
    public var detectorNormalization: PixelNormalization
    /// A CTC recognizer: a `[1, 3, 48, W]` line in, `[1, W / 8, classes]` probabilities out,
    /// its character list in the ONNX metadata key `character`.
    public var recognizer: String

    public init(detector: String, detectorNormalization: PixelNormalization, recognizer: String) {
        self.detector = detector
        self.detectorNormalization = detectorNormalization
        self.recognizer = recognizer
    }

    /// PP-OCRv6 small detection and recognition (as RapidOCR 3.10 ships them), from
    /// `NeuralPaths.modelDirectory`: the default. The detector's input is normalized with
    /// ImageNet's means and deviations, as PaddleOCR trains its DB detectors; RapidOCR's 0.5
    /// and 0.5 make small blurred print run together into blobs of whole paragraphs (book-page
    /// benchmark: words found 0.819 against 0.791).
    public static var ppOCRv6Small: TextModels {
        TextModels(
            detector: NeuralPaths.model("PP-OCRv6_det_small.onnx"), detectorNormalization: .imageNet,
            recognizer: NeuralPaths.model("PP-OCRv6_rec_small.onnx"))
    }

    /// PP-OCRv4 mobile detection (about 2.5 times faster than v6 small) with PP-OCRv6 small
    /// recognition.
    public static var ppOCRv4Detector: TextModels {
        TextModels(
            detector: NeuralPaths.model("ch_PP-OCRv4_det_infer.onnx"), detectorNormalization: .imageNet,
            recognizer: NeuralPaths.model("PP-OCRv6_rec_small.onnx"))
    }
}
