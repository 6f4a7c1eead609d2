import ScryCore

/// The sharpness lane's detector: `SharpnessMeter` on each upright frame, judged against
/// `minimumScore`. An image file gets one line; a stream a line at its first frame and at each
/// frame whose verdict differs from the last one written (every frame with `everyFrame`), so
/// that a consumer (a live view's "hold still") hears of each change once.
public final class SharpnessDetector: Detector {
    public let kind = LaneKind.sharpness
    /// The least score a frame is called sharp at.
    public let minimumScore: Double
    private let everyFrame: Bool
    /// The verdict of the last line written in a stream.
    private var lastVerdict: Bool?

    /// The threshold a frame of print in focus passes and one out of focus does not (see
    /// `docs/architecture.md`).
    public static let defaultMinimumScore = 100.0

    /// `tracking`: a stream's policy (nil for image files, where every image gets its line).
    public init(minimumScore: Double = SharpnessDetector.defaultMinimumScore, tracking: TrackingPolicy?) {
        self.minimumScore = minimumScore
        everyFrame = tracking?.everyFrame ?? true
    }

    public func detect(_ input: DetectorInput) -> DetectorOutput {
        let score = SharpnessMeter.score(of: input.upright)
        let measure = SharpnessLine.Measure(score: score, isSharp: score >= minimumScore)
        let detections = measure.isSharp ? 1 : 0
        guard everyFrame || lastVerdict != measure.isSharp else {
            return DetectorOutput(events: [], detections: detections)
        }
        lastVerdict = measure.isSharp
        let line = SharpnessLine(measure, source: input.origin.source, in: input.upright.size)
        return DetectorOutput(events: [line], detections: detections)
    }

    public func finish() -> [any OutputLine] { [] }
}

extension LaneKind {
    /// The sharpness lane: it counts the frames it found sharp, and draws nothing.
    public static let sharpness = LaneKind(name: "sharpness", detectionNoun: "sharp frames")
}
