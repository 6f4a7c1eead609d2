/// What a pen or finger drew, in ML Kit's shape: strokes, each the points from pen down to pen
/// up. Coordinates are the writing surface's (any unit, y down as on a screen); `t` is
/// milliseconds, when known.
public struct Ink: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        /// Milliseconds since any fixed moment; nil when the ink has no time stamps.
        public var t: Double?

        public init(x: Double, y: Double, t: Double? = nil) {
            self.x = x
            self.y = y
            self.t = t
        }
    }

    public struct Stroke: Sendable, Equatable {
        public var points: [Point]

        public init(points: [Point]) {
            self.points = points
        }
    }

    public var strokes: [Stroke]

    public init(strokes: [Stroke]) {
        self.strokes = strokes
    }

    /// Every point, stroke after stroke.
    public var points: [Point] { strokes.flatMap(\.points) }

    /// The smallest and largest x and y of its points, in its coordinates; nil when it has none.
    public var bounds: (minimumX: Double, minimumY: Double, maximumX: Double, maximumY: Double)? {
        var found: (minimumX: Double, minimumY: Double, maximumX: Double, maximumY: Double)?
        for stroke in strokes {
            for point in stroke.points {
                if let box = found {
                    found = (min(box.minimumX, point.x), min(box.minimumY, point.y), max(box.maximumX, point.x), max(box.maximumY, point.y))
                } else {
                    found = (point.x, point.y, point.x, point.y)
                }
            }
        }
        return found
    }
}
