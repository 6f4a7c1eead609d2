import ScryCore

/// What the person holding the camera should do (`--guidance`): "move closer", "hold still",
/// "more light", "glare". In a stream, at most one a second and each once until its situation
/// changes (`GuidanceRules`); for an image file, every hint the image calls for.
public struct HintLine: DetectionLine {
    public static let lineType = "hint"

    public var hint: Hint
    public var place: DetectionPlace

    public init(_ hint: Hint, at place: DetectionPlace) {
        self.hint = hint
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        ["hint": .string(hint.rawValue), "message": .string(hint.message)]
    }

    public static var examples: [HintLine] {
        let size = ImageSize(width: 1280, height: 720)
        return [
            HintLine(.moveCloser, source: .frame(sequence: 212), in: size),
            HintLine(.holdStill, source: .file("shaken.png"), in: size),
        ]
    }
}

extension HintLine {
    /// `hint: Move closer`.
    public var plainText: String? { "hint: \(hint.message)" }
}
