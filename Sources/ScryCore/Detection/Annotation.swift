/// A detection as a picture of the frame draws it (`--annotate`).
public struct Annotation: Sendable, Equatable {
    /// The lane that found it: its style chooses the colours and how the label is placed.
    public var lane: LaneKind
    /// The outline, a closed polygon in the upright image's pixel space (origin top-left): a
    /// barcode's four corners, a text box's.
    public var outline: [PixelPoint]
    /// What is written beside it (symbology and payload, the text), or "" for none.
    public var label: String
    /// The detection's track, in a stream.
    public var track: Int?
    /// Lines drawn inside the detection, in the same space: a face's landmark regions, each
    /// a polyline as Vision draws them.
    public var strokes: [Stroke]

    /// A polyline, closed (an eye, the lips) or open (the jaw line, an eyebrow's edge).
    public struct Stroke: Sendable, Equatable {
        public var points: [PixelPoint]
        public var closed: Bool

        public init(points: [PixelPoint], closed: Bool) {
            self.points = points
            self.closed = closed
        }
    }

    public init(lane: LaneKind, outline: [PixelPoint], label: String, track: Int? = nil, strokes: [Stroke] = []) {
        self.lane = lane
        self.outline = outline
        self.label = label
        self.track = track
        self.strokes = strokes
    }

    /// The four corners of `rect`, clockwise from its top-left.
    public static func corners(of rect: PixelRect) -> [PixelPoint] {
        [
            PixelPoint(x: rect.x, y: rect.y), PixelPoint(x: rect.x + rect.width, y: rect.y),
            PixelPoint(x: rect.x + rect.width, y: rect.y + rect.height), PixelPoint(x: rect.x, y: rect.y + rect.height),
        ]
    }
}
