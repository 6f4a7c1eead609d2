internal import CTesseract
import ScryCore

/// Tesseract's orientation and script detection (OSD, trained data `osd`, Debian package
/// tesseract-ocr-osd): how far the page in a frame is turned. About 170 ms for a 1280x720
/// page. One detector per thread, like the engine it holds.
public final class OrientationDetector {
    private let engine: TesseractEngine

    /// Starts tesseract with the `osd` trained data from `dataPath` (tesseract's own path when nil).
    public init(dataPath: String? = nil) throws(TextEngineError) {
        engine = try TesseractEngine(language: "osd", dataPath: dataPath)
    }

    /// How the page in `image` (as stored) is turned, or nil when there is too little text to
    /// tell. The corresponding C function is `TessBaseAPIDetectOrientationScript`.
    public func estimate(in image: GrayImage) -> OrientationEstimate? {
        engine.detectOrientation(in: image)
    }
}

extension TesseractEngine {
    func detectOrientation(in image: GrayImage) -> OrientationEstimate? {
        guard image.width > 0, image.height > 0 else { return nil }
        return withImage(image) { handle in
            tesseract.TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
            var degrees: Int32 = 0
            var confidence: Float = 0
            // The script is not asked for: tesseract 5.3 hands out a pointer into its own
            // tables there (capi.h's note to free it is out of date; freeing it corrupts the heap).
            let found = tesseract.TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, nil, nil)
            guard found != 0, confidence.isFinite else { return nil }
            return OrientationEstimate(clockwiseDegrees: Int(degrees), confidence: Double(confidence))
        }
    }
}
