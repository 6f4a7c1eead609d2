import ScryCore

/// `scry align`: how one image lies on the reference image (Vision's
/// VNHomographicImageRegistrationRequest, in pixels).
public struct AlignmentLine: OutputLine {
    public static let lineType = "alignment"

    public var alignment: Alignment
    /// The image aligned (`file`), and its upright size, the space the homography maps from.
    public var source: DetectionSource
    public var imageSize: ImageSize
    /// The reference image's file, the space the homography maps to.
    public var reference: String

    public init(_ alignment: Alignment, source: DetectionSource, in imageSize: ImageSize, reference: String) {
        self.alignment = alignment
        self.source = source
        self.imageSize = imageSize
        self.reference = reference
    }

    public var members: [String: JSONValue] {
        var object = source.members.merging(alignment.members(movingSize: imageSize)) { first, _ in first }
        object["reference"] = .string(reference)
        return object
    }

    public static var examples: [AlignmentLine] {
        let size = ImageSize(width: 1280, height: 720)
        let moved = Homography(elements: [0.98, -0.05, 31.2, 0.05, 0.98, -12.7, 0.00001, -0.00002, 1])
        return [
            AlignmentLine(
                Alignment(homography: moved, matchedPoints: 480, agreeingPoints: 412, medianError: 0.21), source: .file("b.jpg"),
                in: size, reference: "a.jpg"),
            AlignmentLine(.none, source: .file("elsewhere.jpg"), in: size, reference: "a.jpg"),
        ]
    }
}

extension AlignmentLine: PlainLine {
    public var plainText: String? { alignment.plainText(movingSize: imageSize) }
    public var plainSource: DetectionSource? { source }
}
