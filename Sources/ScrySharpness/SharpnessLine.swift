import ScryCore

/// How sharp a frame or an image is (`--sharpness`): its score and whether it reaches the
/// threshold. In a stream, written at the first frame and whenever the verdict changes (every
/// frame with `--every-frame`).
public struct SharpnessLine: DetectionLine {
    public static let lineType = "sharpness"

    /// A frame's focus measure and verdict.
    public struct Measure: Sendable, Equatable {
        /// `SharpnessMeter.score`: the variance of the upright image's Laplacian.
        public var score: Double
        /// Whether `score` reaches the lane's threshold (`--min-sharpness`).
        public var isSharp: Bool

        public init(score: Double, isSharp: Bool) {
            self.score = score
            self.isSharp = isSharp
        }
    }

    public var measure: Measure
    public var place: DetectionPlace

    public init(_ measure: Measure, at place: DetectionPlace) {
        self.measure = measure
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        ["score": .rounded(measure.score, decimals: 1), "sharp": .bool(measure.isSharp)]
    }

    public static var examples: [SharpnessLine] {
        let size = ImageSize(width: 1280, height: 720)
        return [
            SharpnessLine(Measure(score: 412.57, isSharp: true), source: .file("page.png"), in: size),
            SharpnessLine(Measure(score: 31.2, isSharp: false), source: .frame(sequence: 40), in: size),
        ]
    }
}

extension SharpnessLine {
    /// `sharp 412.6` or `blurred 31.2`.
    public var plainText: String? {
        (measure.isSharp ? "sharp " : "blurred ") + String((measure.score * 10).rounded() / 10)
    }
}
