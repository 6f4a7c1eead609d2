/// What a model made of an ink, or of one part of it (`WritingAndDrawing`).
public struct InkReading: Sendable {
    /// The model's identifier.
    public var model: String
    /// The part read (its words, or one shape, and the positions of its strokes in the ink);
    /// nil when the ink was read whole.
    public var part: (kind: InkPart.Kind, strokes: [Int])?
    public var candidates: [InkCandidate]

    public init(model: String, part: (kind: InkPart.Kind, strokes: [Int])? = nil, candidates: [InkCandidate]) {
        self.model = model
        self.part = part
        self.candidates = candidates
    }
}

extension InkModel {
    /// Reads an ink: one reading of it whole, or one a part.
    public typealias Read = (Ink) throws -> [InkReading]

    /// Reads each ink whole with `recognize`, this model's recognizer.
    public func reader(_ recognize: @escaping Recognize) -> Read {
        let identifier = self.identifier
        return { [InkReading(model: identifier, candidates: try recognize($0))] }
    }

    /// Reads each ink's writing with `recognize`, this model's recognizer, and each shape drawn
    /// apart from it with the shapes model (`WritingAndDrawing`, given the writing area's
    /// height when there is one): one reading a part, in the order of their first strokes.
    public func reader(_ recognize: @escaping Recognize, drawingsApart count: Int, lineHeight: Double?) -> Read {
        let identifier = self.identifier
        let split = WritingAndDrawing(), shapes = ShapeRecognizer()
        return { ink in
            try split.parts(of: ink, lineHeight: lineHeight).map { part in
                switch part.kind {
                case .writing:
                    return InkReading(model: identifier, part: (.writing, part.strokes), candidates: try recognize(part.ink))
                case .drawing:
                    return InkReading(
                        model: InkModel.shapesIdentifier, part: (.drawing, part.strokes),
                        candidates: Array(shapes.candidates(for: part.ink).prefix(count)))
                }
            }
        }
    }
}
