import ScryCore

/// `--orientation auto` chose an orientation at a frame: the frames from then on are turned
/// upright by it, to an image of `uprightSize`. Before its first decision a stream may be said
/// once to be undecided (`decided` false): its frames are then read as stored, up.
public struct OrientationLine: OutputLine {
    public static let lineType = "orientation"

    public var frame: UInt64
    public var orientation: ImageOrientation
    public var estimate: OrientationEstimate
    public var uprightSize: ImageSize

    public init(frame: UInt64, orientation: ImageOrientation, estimate: OrientationEstimate, uprightSize: ImageSize) {
        self.frame = frame
        self.orientation = orientation
        self.estimate = estimate
        self.uprightSize = uprightSize
    }

    public var members: [String: JSONValue] {
        [
            "frame": .unsigned(frame), "orientation": .string(orientation.name),
            "confidence": .rounded(estimate.confidence, decimals: 2), "decided": .bool(estimate.isDecided),
            "width": .int(uprightSize.width),
            "height": .int(uprightSize.height),
        ]
    }

    public static var examples: [OrientationLine] {
        [
            OrientationLine(
                frame: 12, orientation: .left, estimate: OrientationEstimate(clockwiseDegrees: 270, confidence: 9.43),
                uprightSize: ImageSize(width: 720, height: 1280)),
            OrientationLine(
                frame: 0, orientation: .up, estimate: OrientationEstimate(clockwiseDegrees: 180, confidence: 0.21, threshold: 0.5),
                uprightSize: ImageSize(width: 1280, height: 720)),
        ]
    }
}
