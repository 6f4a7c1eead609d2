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

    public init(clockwiseDegrees: Int, confidence: Double, threshold: Double = AutoOrientation.minimumConfidence) {
        self.clockwiseDegrees = clockwiseDegrees
        self.confidence = confidence
        self.threshold = threshold
    }

    /// Whether the estimate is sure enough to act on.
    public var isDecided: Bool { confidence >= threshold }

    /// The orientation that turns the stored image upright: a page turned 90 degrees clockwise
    /// needs a counter-clockwise turn (`left`), and so on. Nil for an angle that is not a
    /// multiple of 90.
    /// `imageOrientation` when the estimate is confident enough to act on
    /// (`AutoOrientation.minimumConfidence`), else nil.
    public var confidentOrientation: ImageOrientation? {
        isDecided ? imageOrientation : nil
    }

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

/// `--orientation auto`: follows the orientation of the text in a stream. The first confident
/// estimate is taken at once; after that, a different orientation is taken only when two
/// confident estimates in a row agree on it, so one misjudged frame (a hand, a picture) does
/// not turn the stream. Until the first confident estimate the stream is taken as upright.
public struct AutoOrientation: Sendable {
    /// Estimates below this confidence are ignored (tesseract's own minimum margin).
    public static let minimumConfidence = 7.0
    /// Frames between two estimates until the first confident one, and after it (detection
    /// takes about 170 ms, several frames' time).
    public static let unsettledInterval = 5
    public static let settledInterval = 30
    public private(set) var current: ImageOrientation = .up
    public private(set) var isSettled = false
    private var candidate: ImageOrientation?
    private var framesUntilEstimate = 0

    public init() {}

    /// Called once per frame: whether this frame should be estimated.
    public mutating func isEstimateDue() -> Bool {
        if framesUntilEstimate > 0 {
            framesUntilEstimate -= 1
            return false
        }
        framesUntilEstimate = (isSettled ? Self.settledInterval : Self.unsettledInterval) - 1
        return true
    }

    /// Takes an estimate (nil: detection found too little text); returns the new orientation
    /// when it changes, else nil.
    public mutating func update(_ estimate: OrientationEstimate?) -> ImageOrientation? {
        guard let orientation = estimate?.confidentOrientation else { return nil }
        if !isSettled {
            isSettled = true
            current = orientation
            return orientation
        }
        if orientation == current {
            candidate = nil
            return nil
        }
        if candidate == orientation {
            candidate = nil
            current = orientation
            return orientation
        }
        candidate = orientation
        return nil
    }
}
