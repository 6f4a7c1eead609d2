/// What orientation detection (tesseract's OSD, or the neural engine's) says of a stored
/// image: how far the page in it is turned, and how sure it is.
public struct OrientationEstimate: Sendable, Equatable {
    /// How many degrees (0, 90, 180 or 270) the page is turned clockwise in the stored image.
    public var clockwiseDegrees: Int
    /// How sure: for tesseract, how much better the best orientation scored than the next (its
    /// own minimum margin is 7); for the neural engine, how far its lines' vote leans (0 to 1).
    public var confidence: Double
    /// The least confidence that decides: tesseract's own minimum margin (7) for its
    /// orientation detection, the neural detector's own (0.5) for its vote.
    public var threshold: Double

    /// Tesseract's own minimum margin for its orientation detection, the default threshold.
    public static let tesseractThreshold = 7.0

    public init(clockwiseDegrees: Int, confidence: Double, threshold: Double = OrientationEstimate.tesseractThreshold) {
        self.clockwiseDegrees = clockwiseDegrees
        self.confidence = confidence
        self.threshold = threshold
    }

    /// Whether the estimate is sure enough to act on.
    public var isDecided: Bool { confidence >= threshold }

    /// `imageOrientation` when the estimate is confident enough to act on (`isDecided`), else
    /// nil.
    public var confidentOrientation: ImageOrientation? {
        isDecided ? imageOrientation : nil
    }

    /// The orientation that turns the stored image upright: a page turned 90 degrees clockwise
    /// needs a counter-clockwise turn (`left`), and so on. Nil for an angle that is not a
    /// multiple of 90.
    public var imageOrientation: ImageOrientation? {
        switch ((clockwiseDegrees % 360) + 360) % 360 {
        case 0: .up
        case 90: .left
        case 180: .down
        case 270: .right
        default: nil
        }
    }
}
