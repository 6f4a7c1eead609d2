/// A part of an ink that holds both writing and drawing (`WritingAndDrawing`): its words, or
/// one shape drawn apart from them.
public struct InkPart: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Words and characters, read by a text model.
        case writing
        /// A shape, read by the shapes model.
        case drawing
    }

    public var kind: Kind
    /// The positions of its strokes in the whole ink (0 for the first stroke drawn), ascending.
    public var strokes: [Int]
    /// Those strokes, in the whole ink's coordinates.
    public var ink: Ink

    public init(kind: Kind, strokes: [Int], ink: Ink) {
        self.kind = kind
        self.strokes = strokes
        self.ink = ink
    }
}
