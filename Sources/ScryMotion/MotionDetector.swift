import ScryCore

/// The motion lane's detector (`--motion`): each upright frame aligned onto the one before it
/// that the lane saw, by `ImageRegistration.MotionFollower`; a `motion` line for every frame
/// after the first (and after each change of size). It counts the frames it aligned.
public final class MotionDetector: Detector {
    public let kind = LaneKind.motion
    private let follower = ImageRegistration.MotionFollower()
    /// The frame or file before this one, as the lane saw them.
    private var previous: DetectionSource?

    public init() {}

    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        let source = input.origin.source
        defer { previous = source }
        guard let alignment = try follower.next(input.upright), let previous else {
            return DetectorOutput(events: [], detections: 0)
        }
        let line = MotionLine(
            MotionLine.Motion(alignment: alignment, previous: previous), source: source, in: input.upright.size)
        return DetectorOutput(events: [line], detections: alignment.homography == nil ? 0 : 1)
    }

    public func finish() -> [any OutputLine] { [] }
}

extension LaneKind {
    /// The motion lane: it counts the frames it aligned onto the one before, and draws nothing.
    public static let motion = LaneKind(name: "motion", detectionNoun: "frames aligned")
}
