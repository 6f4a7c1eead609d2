import ScryCore

/// A quadrilateral found in an image: a page, a card, a screen.
public struct RectangleObservation: Sendable, Equatable {
    /// Its corners in the upright image's pixel space (origin top-left): top-left, top-right,
    /// bottom-right, bottom-left, as the image shows them (clockwise).
    public var corners: [PixelPoint]
    /// The share of its outline in view that lies on edges of the image, 0...1.
    public var confidence: Double
    /// The sides of the image that cut it: its corners beyond them are extrapolated from its
    /// sides in view (or a side it hides is taken along the border). Empty for one wholly in
    /// view.
    public var cut: Set<ImageSide>

    public init(corners: [PixelPoint], confidence: Double, cut: Set<ImageSide> = []) {
        precondition(corners.count == 4)
        self.corners = corners
        self.confidence = confidence
        self.cut = cut
    }

    /// What a picture's label adds for a cut rectangle: " cut at top, left"; "" for none.
    public var cutLabel: String { cut.isEmpty ? "" : " cut at " + cutNames.joined(separator: ", ") }

    /// Its cut sides in the order top, right, bottom, left, by name.
    public var cutNames: [String] { ImageSide.allCases.filter(cut.contains).map(\.rawValue) }

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

/// A side of an image.
public enum ImageSide: String, CaseIterable, Sendable, Hashable {
    case top, right, bottom, left

    /// Its bit in `CDocumentGeometry`'s `cut`.
    var bit: Int {
        switch self {
        case .top: 1
        case .right: 2
        case .bottom: 4
        case .left: 8
        }
    }
}
