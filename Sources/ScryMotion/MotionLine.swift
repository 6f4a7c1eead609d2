import ScryCore

/// `--motion`: how a frame lies on the frame before it (Vision's
/// VNTrackHomographicImageRegistrationRequest, in pixels): one line per frame after the first,
/// in the upright frames' pixel space.
public struct MotionLine: DetectionLine {
    public static let lineType = "motion"

    /// A frame's alignment onto the one before it that the lane saw.
    public struct Motion: Sendable, Equatable {
        /// From this frame's pixels to `previous`'s (nil homography: the two do not show
        /// enough of one scene, as after a cut or a covered lens).
        public var alignment: Alignment
        /// The frame (or image file) aligned onto: the one before this one that the lane saw,
        /// which is not the stream's previous frame when the lane dropped frames.
        public var previous: DetectionSource

        public init(alignment: Alignment, previous: DetectionSource) {
            self.alignment = alignment
            self.previous = previous
        }
    }

    public var motion: Motion
    public var place: DetectionPlace

    public init(_ motion: Motion, at place: DetectionPlace) {
        self.motion = motion
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        var object = motion.alignment.members(movingSize: imageSize)
        switch motion.previous {
        case .frame(let sequence): object["previous_frame"] = .unsigned(sequence)
        case .file(let name): object["previous_file"] = .string(name)
        }
        return object
    }

    public static var examples: [MotionLine] {
        let size = ImageSize(width: 1280, height: 720)
        let slid = Homography(elements: [1.001, 0.002, -6.4, -0.002, 1.001, 2.1, 0, 0, 1])
        return [
            MotionLine(
                Motion(alignment: Alignment(homography: slid, matchedPoints: 280, agreeingPoints: 264, medianError: 0.08),
                       previous: .frame(sequence: 41)),
                source: .frame(sequence: 42), in: size),
            MotionLine(Motion(alignment: .none, previous: .frame(sequence: 42)), source: .frame(sequence: 44), in: size),
            MotionLine(
                Motion(alignment: Alignment(homography: .identity, matchedPoints: 300, agreeingPoints: 300, medianError: 0),
                       previous: .file("a.png")),
                source: .file("b.png"), in: size),
        ]
    }
}

extension MotionLine {
    /// `moved dx=-6.4 dy=2.1 (264 of 280 points)` or `not aligned`.
    public var plainText: String? {
        let text = motion.alignment.plainText(movingSize: imageSize)
        return motion.alignment.homography == nil ? text : "moved" + text.dropFirst("aligned".count)
    }
}
