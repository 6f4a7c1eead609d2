import ScryCore

/// `--orientation auto`: follows the orientation of the text in a stream. The first confident
/// estimate is taken at once; after that, a different orientation is taken only when two
/// confident estimates in a row agree on it, so one misjudged frame (a hand, a picture) does
/// not turn the stream. Until the first confident estimate the stream is taken as upright.
public struct AutoOrientation: Sendable {
    /// Estimates below this confidence are ignored (tesseract's own minimum margin).
    public static let minimumConfidence = OrientationEstimate.tesseractThreshold
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
