import ScryCore

/// `scry ink`: one ink's candidates, best first.
public struct InkLine: OutputLine {
    public static let lineType = "ink"

    /// Where the ink came from: a file, or a file's or stdin's line ("ink.jsonl#line=3").
    public var source: String
    /// The model's identifier.
    public var model: String
    public var candidates: [InkCandidate]
    /// For a pen read live: milliseconds from the pen lifting after the ink's last stroke to
    /// the line (the pause, recognition, writing).
    public var penUpMilliseconds: Double?
    /// With `--drawings`: the part of the ink this line reads (its words, or one shape) and
    /// the positions of its strokes in the ink (0 for the first drawn).
    public var part: (kind: InkPart.Kind, strokes: [Int])?

    public init(
        source: String, model: String, candidates: [InkCandidate], penUpMilliseconds: Double? = nil,
        part: (kind: InkPart.Kind, strokes: [Int])? = nil
    ) {
        self.source = source
        self.model = model
        self.candidates = candidates
        self.penUpMilliseconds = penUpMilliseconds
        self.part = part
    }

    public var members: [String: JSONValue] {
        var members: [String: JSONValue] = [
            "source": .string(source), "model": .string(model),
            "candidates": .array(
                candidates.map { candidate in
                    var object: [String: JSONValue] = [
                        "text": .string(candidate.text), "score": .rounded(candidate.score, decimals: 4),
                    ]
                    if !candidate.points.isEmpty { object["points"] = .array(candidate.points.map(\.json)) }
                    return .object(object)
                }),
        ]
        if let penUpMilliseconds { members["pen_up_ms"] = .rounded(penUpMilliseconds, decimals: 1) }
        if let part {
            members["part"] = .object(["kind": .string(part.kind.rawValue), "strokes": .array(part.strokes.map { .int($0) })])
        }
        return members
    }

    public static var examples: [InkLine] {
        [
            InkLine(
                source: "box.json", model: "zxx-Zsym-x-shapes",
                candidates: [
                    InkCandidate(
                        text: "rectangle", score: 0.0312,
                        points: [PixelPoint(x: 10, y: 12), PixelPoint(x: 210, y: 9), PixelPoint(x: 212, y: 110), PixelPoint(x: 11, y: 112)]),
                    InkCandidate(text: "ellipse", score: 0.061),
                ]),
            InkLine(source: "-#line=2", model: "zxx-Zsym-x-shapes", candidates: []),
            InkLine(source: "/dev/input/event5#ink=3", model: "en", candidates: [InkCandidate(text: "hello", score: 0.8)], penUpMilliseconds: 214.5),
            InkLine(
                source: "page.json", model: "en", candidates: [InkCandidate(text: "see", score: 0.02)],
                part: (.writing, [0, 1, 2])),
            InkLine(
                source: "page.json", model: "zxx-Zsym-x-shapes",
                candidates: [InkCandidate(text: "arrow", score: 0.04, points: [PixelPoint(x: 300, y: 40), PixelPoint(x: 420, y: 40)])],
                part: (.drawing, [3])),
        ]
    }
}

extension InkLine: PlainLine {
    /// The best candidate's text (nothing when there is none).
    public var plainText: String? { candidates.first.map { PlainText.oneLine($0.text) } }
}
