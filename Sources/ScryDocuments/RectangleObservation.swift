import ScryCore

/// A quadrilateral found in an image: a page, a card, a screen.
public struct RectangleObservation: Sendable, Equatable {
    /// Its corners in the upright image's pixel space (origin top-left): top-left, top-right,
    /// bottom-right, bottom-left, as the image shows them (clockwise).
    public var corners: [PixelPoint]
    /// The share of its outline that lies on edges of the image, 0...1.
    public var confidence: Double

    public init(corners: [PixelPoint], confidence: Double) {
        precondition(corners.count == 4)
        self.corners = corners
        self.confidence = confidence
    }

    /// The smallest upright box holding the corners.
    public var pixelBounds: PixelRect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return PixelRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Its area in square pixels (the shoelace formula).
    public var area: Double {
        var twice = 0.0
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }
}
