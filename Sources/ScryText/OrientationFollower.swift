import ScryCore

/// `--orientation auto`: tesseract's orientation detection on the stored frames, followed by
/// `AutoOrientation`'s rules. One follower per thread, like the detector it holds.
public final class OrientationFollower: OrientationFollowing {
    private let detector: OrientationDetector
    private var state = AutoOrientation()

    /// Fails when tesseract's orientation data (tesseract-ocr-osd) cannot be loaded.
    public init(dataPath: String?) throws(TextEngineError) {
        detector = try OrientationDetector(dataPath: dataPath)
    }

    public func follow(_ stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate)? {
        guard state.isEstimateDue() else { return nil }
        let estimate = detector.estimate(in: stored)
        guard let changed = state.update(estimate), let estimate else { return nil }
        return (changed, estimate)
    }

    /// The orientation of one still image on its own: upright unless detection is confident.
    public func orientation(of stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate?) {
        let estimate = detector.estimate(in: stored)
        return (estimate?.confidentOrientation ?? .up, estimate)
    }
}
