import Foundation
import ScryCore

/// One reading of an ink, as ML Kit's `DigitalInkRecognitionCandidate`: its text and score
/// (lower is better, as ML Kit's scores, which rise down its list of candidates); a shape's
/// also its points in the ink's coordinates.
public struct InkCandidate: Sendable, Equatable {
    public var text: String
    public var score: Double
    /// A triangle's or rectangle's corners (clockwise as a screen shows them, from the one
    /// nearest the top-left); an ellipse's centre and the ends of its two axes; an arrow's
    /// tail and tip. Empty for text.
    public var points: [PixelPoint]

    public init(text: String, score: Double, points: [PixelPoint] = []) {
        self.text = text
        self.score = score
        self.points = points
    }
}

/// ML Kit's shapes classifier (`zxx-Zsym-x-shapes`), written here over the strokes' geometry:
/// a rectangle, triangle, ellipse or arrow, each candidate scored by how far the ink lies from
/// the shape fitted to it.
///
/// The ink is resampled to points 1/64 of its diagonal apart (so pen speed does not count;
/// at most about 4096 points, however long the path).
/// Closed shapes are fitted to its convex hull (a gap or an overshoot where the pen closes
/// the shape hardly moves the hull): the largest triangle and the largest quadrilateral on the
/// hull, and the ellipse of the points' second moments. An arrow is the ink's longest chord
/// (the shaft) with a head of points off it at one end, on both sides. A closed shape's score
/// is the chamfer distance between the ink and the shape's outline (both ways: the ink near
/// the outline, and the outline gone round by the ink), over the ink's diagonal, plus a
/// penalty for what the shape lacks (a quadrilateral gives a triangle's points almost as well
/// as a triangle does, so it pays for its fourth corner).
public struct ShapeRecognizer: Sendable {
    public static let shapes = ["rectangle", "triangle", "ellipse", "arrow"]

    public init() {}

    /// The four shapes, best first; none for an ink with no extent.
    public func candidates(for ink: Ink) -> [InkCandidate] {
        let strokes = ink.strokes.map { $0.points.map { PixelPoint(x: $0.x, y: $0.y) } }
        let all = strokes.flatMap { $0 }
        guard let first = all.first else { return [] }
        var minimum = first, maximum = first
        for point in all {
            minimum = PixelPoint(x: min(minimum.x, point.x), y: min(minimum.y, point.y))
            maximum = PixelPoint(x: max(maximum.x, point.x), y: max(maximum.y, point.y))
        }
        let diagonal = minimum.distance(to: maximum)
        guard diagonal > 0 else { return [] }
        // 1/64 of the diagonal apart, or further for a path so long (a scribble of a million
        // points) that it would give more than about 4096.
        var length = 0.0
        for stroke in strokes { for (a, b) in zip(stroke, stroke.dropFirst()) { length += a.distance(to: b) } }
        let points = strokes.flatMap { Self.resampled($0, spacing: max(diagonal / 64, length / 4096)) }
        let hull = ConvexHull.of(points)
        var candidates: [InkCandidate] = []
        if hull.count >= 3 {
            let corners = Self.thinned(hull, to: 40)
            let triangle = Self.largestPolygon(on: corners, vertices: 3)
            let quadrilateral = Self.largestPolygon(on: corners, vertices: 4)
            candidates.append(
                InkCandidate(
                    text: "triangle", score: Self.chamfer(points, Self.outline(of: triangle)) / diagonal,
                    points: Self.clockwiseFromTopLeft(triangle)))
            candidates.append(
                InkCandidate(
                    text: "rectangle", score: Self.chamfer(points, Self.outline(of: quadrilateral)) / diagonal + 0.02,
                    points: Self.clockwiseFromTopLeft(quadrilateral)))
        }
        if let ellipse = Self.ellipse(of: points) {
            candidates.append(InkCandidate(text: "ellipse", score: ellipse.distance / diagonal + 0.01, points: ellipse.points))
        }
        if let arrow = Self.arrow(in: points) {
            candidates.append(InkCandidate(text: "arrow", score: arrow.cost, points: [arrow.tail, arrow.tip]))
        }
        return candidates.sorted { $0.score < $1.score }
    }

    /// The stroke's path as points `spacing` apart (its ends kept).
    static func resampled(_ stroke: [PixelPoint], spacing: Double) -> [PixelPoint] {
        guard var previous = stroke.first else { return [] }
        var out = [previous]
        var carried = 0.0
        for point in stroke.dropFirst() {
            var segment = previous.distance(to: point)
            var start = previous
            while carried + segment >= spacing, segment > 0 {
                let step = spacing - carried
                let fraction = step / segment
                let placed = PixelPoint(x: start.x + (point.x - start.x) * fraction, y: start.y + (point.y - start.y) * fraction)
                out.append(placed)
                segment -= step
                start = placed
                carried = 0
            }
            carried += segment
            previous = point
        }
        if let last = stroke.last, out.last != last { out.append(last) }
        return out
    }

    /// At most `count` of the hull's points, evenly along it.
    static func thinned(_ hull: [PixelPoint], to count: Int) -> [PixelPoint] {
        guard hull.count > count else { return hull }
        return (0..<count).map { hull[$0 * hull.count / count] }
    }

    /// The largest-area polygon of `vertices` corners taken from `points` (a convex polygon),
    /// kept in their order.
    static func largestPolygon(on points: [PixelPoint], vertices: Int) -> [PixelPoint] {
        var best: [Int] = Array(0..<min(vertices, points.count))
        var bestArea = -1.0
        func search(_ chosen: inout [Int], from start: Int) {
            if chosen.count == vertices {
                let area = Self.area(chosen.map { points[$0] })
                if area > bestArea { bestArea = area; best = chosen }
                return
            }
            guard start < points.count else { return }
            for index in start..<points.count where points.count - index >= vertices - chosen.count {
                chosen.append(index)
                search(&chosen, from: index + 1)
                chosen.removeLast()
            }
        }
        var chosen: [Int] = []
        search(&chosen, from: 0)
        return best.map { points[$0] }
    }

    /// A polygon's area (the shoelace formula).
    static func area(_ polygon: [PixelPoint]) -> Double {
        var twice = 0.0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// The symmetric chamfer distance between the ink and a shape's outline: the mean distance
    /// of the ink's points from the outline's nearest sample, plus the mean distance of the
    /// outline's samples from the nearest ink. The second half is what tells a drawn shape from
    /// a thin one whose outline the ink does not go round (an arrow's hull).
    static func chamfer(_ points: [PixelPoint], _ outline: [PixelPoint]) -> Double {
        func mean(_ from: [PixelPoint], to: [PixelPoint]) -> Double {
            var total = 0.0
            for point in from {
                var nearest = Double.infinity
                for other in to { nearest = min(nearest, (point.x - other.x) * (point.x - other.x) + (point.y - other.y) * (point.y - other.y)) }
                total += nearest.squareRoot()
            }
            return total / Double(max(1, from.count))
        }
        return mean(points, to: outline) + mean(outline, to: points)
    }

    /// 128 points evenly along a closed polygon's outline.
    static func outline(of polygon: [PixelPoint]) -> [PixelPoint] {
        let sides = polygon.indices.map { (polygon[$0], polygon[($0 + 1) % polygon.count]) }
        let perimeter = sides.map { $0.0.distance(to: $0.1) }.reduce(0, +)
        guard perimeter > 0 else { return polygon }
        var samples: [PixelPoint] = []
        for (a, b) in sides {
            let count = max(1, Int((128 * a.distance(to: b) / perimeter).rounded()))
            for step in 0..<count {
                let t = Double(step) / Double(count)
                samples.append(PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return samples
    }

    /// The corners clockwise as a screen shows them (y down), from the one nearest the top-left.
    static func clockwiseFromTopLeft(_ corners: [PixelPoint]) -> [PixelPoint] {
        guard !corners.isEmpty else { return [] }
        let centre = PixelPoint(
            x: corners.map(\.x).reduce(0, +) / Double(corners.count), y: corners.map(\.y).reduce(0, +) / Double(corners.count))
        let sorted = corners.sorted { atan2($0.y - centre.y, $0.x - centre.x) < atan2($1.y - centre.y, $1.x - centre.x) }
        let first = sorted.indices.min { sorted[$0].x + sorted[$0].y < sorted[$1].x + sorted[$1].y }!
        return Array(sorted[first...] + sorted[..<first])
    }

    /// The ellipse of the points' second moments (points spread evenly along an ellipse's
    /// outline have half its squared semi-axes as their variances), and its chamfer distance
    /// from the points; its points are the centre and the ends of the major, then the minor
    /// axis.
    static func ellipse(of points: [PixelPoint]) -> (distance: Double, points: [PixelPoint])? {
        let count = Double(points.count)
        guard count >= 5 else { return nil }
        let cx = points.map(\.x).reduce(0, +) / count, cy = points.map(\.y).reduce(0, +) / count
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for point in points {
            let dx = point.x - cx, dy = point.y - cy
            sxx += dx * dx
            syy += dy * dy
            sxy += dx * dy
        }
        sxx /= count; syy /= count; sxy /= count
        let half = (sxx + syy) / 2, spread = (((sxx - syy) / 2) * ((sxx - syy) / 2) + sxy * sxy).squareRoot()
        let major = (2 * (half + spread)).squareRoot(), minor = (2 * max(0, half - spread)).squareRoot()
        guard major > 0, minor > 0 else { return nil }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let (cosine, sine) = (cos(angle), sin(angle))
        let outline = (0..<128).map { step -> PixelPoint in
            let angle = 2 * Double.pi * Double(step) / 128
            let (u, v) = (major * cos(angle), minor * sin(angle))
            return PixelPoint(x: cx + u * cosine - v * sine, y: cy + u * sine + v * cosine)
        }
        let centre = PixelPoint(x: cx, y: cy)
        return (
            chamfer(points, outline),
            [
                centre, PixelPoint(x: cx + major * cosine, y: cy + major * sine), PixelPoint(x: cx - major * cosine, y: cy - major * sine),
                PixelPoint(x: cx - minor * sine, y: cy + minor * cosine), PixelPoint(x: cx + minor * sine, y: cy - minor * cosine),
            ]
        )
    }

    /// An arrow: the ink's longest chord is its shaft, from tail to tip. The shaft's own
    /// wobble is measured where no head can be (the chord's middle fifth); points further off
    /// the chord than three times that (and 1.5% of its length) are the head, at the tip. The
    /// cost is the share of points neither on the shaft nor in a head on both sides of it near
    /// one end, plus how far the head is from a head's reach (3-45% of the shaft) and how
    /// little of the ink the shaft is; nil without a head.
    static func arrow(in points: [PixelPoint]) -> (cost: Double, tail: PixelPoint, tip: PixelPoint)? {
        let hull = ConvexHull.of(points)
        guard hull.count >= 2 else { return nil }
        var a = hull[0], b = hull[1], longest = 0.0
        for i in hull.indices {
            for j in hull.indices where j > i {
                let length = hull[i].distance(to: hull[j])
                if length > longest { longest = length; a = hull[i]; b = hull[j] }
            }
        }
        guard longest > 0 else { return nil }
        let along = PixelPoint(x: (b.x - a.x) / longest, y: (b.y - a.y) / longest)
        let placed = points.map { point -> (position: Double, offset: Double) in
            let dx = point.x - a.x, dy = point.y - a.y
            return ((dx * along.x + dy * along.y) / longest, (-dx * along.y + dy * along.x) / longest)
        }
        let middle = placed.filter { (0.4...0.6).contains($0.position) }.map { abs($0.offset) }
        guard !middle.isEmpty else { return nil }
        let band = max(0.015, 3 * middle.reduce(0, +) / Double(middle.count))
        var onShaft = 0, headAtB = 0, headAtA = 0, sidesAtB = Set<Int>(), sidesAtA = Set<Int>()
        var reachAtB = 0.0, reachAtA = 0.0
        for (position, offset) in placed {
            if abs(offset) <= band {
                onShaft += 1
            } else if position >= 0.55 {
                headAtB += 1
                sidesAtB.insert(offset > 0 ? 1 : -1)
                reachAtB = max(reachAtB, abs(offset))
            } else if position <= 0.45 {
                headAtA += 1
                sidesAtA.insert(offset > 0 ? 1 : -1)
                reachAtA = max(reachAtA, abs(offset))
            }
        }
        let headAtTip = headAtB >= headAtA
        let (head, sides, reach) = headAtTip ? (headAtB, sidesAtB, reachAtB) : (headAtA, sidesAtA, reachAtA)
        guard head > 0, sides.count == 2 else { return nil }
        let stray = Double(points.count - onShaft - head) / Double(points.count)
        let outOfReach = max(0, 0.03 - reach) + max(0, reach - 0.45)
        // A shaft that is most of the ink: a triangle or a box has little of it on one chord.
        let shaftShare = Double(onShaft) / Double(points.count)
        let cost = stray + outOfReach + max(0, 0.5 - shaftShare) * 0.5
        return headAtTip ? (cost, a, b) : (cost, b, a)
    }
}
