import Glibc

/// The pen `Ink.renderedLine` draws with, in pixels of the drawing: a round pen, or a broad
/// nib whose stroke is thick or thin by the way it moves, as a calligrapher's reed is (a
/// stroke across the nib's long axis is as wide as the nib is long, one along it as wide as
/// the nib is thin).
public struct InkPen: Sendable, Equatable {
    /// Half the nib's width across its long axis, px (a round pen's radius).
    public let halfWidth: Double
    /// Half the nib's length along its long axis, px (a round pen's radius).
    public let halfLength: Double
    /// How far the nib's long axis leans from upright, in degrees, its top to the right: 45 is
    /// a stroke like /.
    public let lean: Double

    /// A round pen of `radius` px (a stroke 2 x `radius` px wide, whichever way it goes).
    public static func round(radius: Double) -> InkPen {
        InkPen(halfWidth: radius, halfLength: radius, lean: 0)
    }

    /// A broad nib `2 x halfLength` px long and `2 x halfWidth` px thin, its long axis
    /// leaning `lean` degrees from upright.
    public static func broadNib(halfWidth: Double, halfLength: Double, lean: Double) -> InkPen {
        InkPen(halfWidth: halfWidth, halfLength: halfLength, lean: lean)
    }

    /// Whether the nib is round: its strokes are as wide whichever way they go.
    var isRound: Bool { halfWidth == halfLength }

    /// The farthest any point the pen covers lies from the point it is put down at, px.
    var reach: Double { max(halfWidth, halfLength) }

    /// `(dx, dy)`, px from where the nib is put down (x right, y down), in nib units: a point
    /// at distance 1 from (0, 0) after this lies on the nib's edge.
    func inNibUnits(_ dx: Double, _ dy: Double) -> (x: Double, y: Double) {
        let radians = lean * .pi / 180
        // The long axis points up and to the right by `lean`: (sin, -cos) in pixel rows.
        let along = dx * sin(radians) - dy * cos(radians)
        let across = dx * cos(radians) + dy * sin(radians)
        return (across / halfWidth, along / halfLength)
    }
}
