/// The granularity of a text box, like Vision's text observations.
public enum TextLevel: String, Sendable, CaseIterable {
    case line
    case word
    case character
}

/// A region of text found in an upright image.
public struct TextObservation: Sendable, Equatable {
    public var level: TextLevel
    /// The box in pixel space of the upright image (origin top-left).
    public var pixelBounds: PixelRect
    /// The recognized text, when recognition ran.
    public var text: String?
    /// Recognition confidence 0...1, when recognition ran.
    public var confidence: Double?
    /// The box as the text runs, when the engine finds turned boxes (the neural engine): the
    /// corners of the text's own top-left, top-right, bottom-right and bottom-left, in the same
    /// pixel space as `pixelBounds`, which encloses them.
    public var corners: [PixelPoint]?

    public init(
        level: TextLevel, pixelBounds: PixelRect, text: String? = nil, confidence: Double? = nil,
        corners: [PixelPoint]? = nil
    ) {
        self.level = level
        self.pixelBounds = pixelBounds
        self.text = text
        self.confidence = confidence
        self.corners = corners
    }
}

extension TextObservation {
    /// The observation moved `move` pixels (x right, y down), its box and corners alike.
    public func moved(by move: PixelPoint) -> TextObservation {
        var moved = self
        moved.pixelBounds.x += move.x
        moved.pixelBounds.y += move.y
        moved.corners = corners?.map { PixelPoint(x: $0.x + move.x, y: $0.y + move.y) }
        return moved
    }
}
