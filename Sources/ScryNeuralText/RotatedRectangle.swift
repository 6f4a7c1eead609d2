import ScryCore

/// A rectangle at any angle, in some image's pixel space (x right, y down): its centre, the
/// length of its sides and the direction of its first side. Text line boxes are these: the
/// smallest rectangle around a blob of the detector's map.
public struct RotatedRectangle: Sendable, Equatable {
    public var centre: PixelPoint
    /// The length of the side along `direction`, then of the side across it, in pixels.
    public var length: Double
    public var thickness: Double
    /// The unit vector along the first side.
    public var direction: PixelPoint

    public init(centre: PixelPoint, length: Double, thickness: Double, direction: PixelPoint) {
        self.centre = centre
        self.length = length
        self.thickness = thickness
        self.direction = direction
    }

    /// The smallest-area rectangle holding every point (rotating calipers over their convex
    /// hull); nil for no points.
    public init?(enclosing points: [PixelPoint]) {
        let hull = Self.convexHull(points)
        guard let first = hull.first else { return nil }
        guard hull.count > 1 else {
            self.init(centre: first, length: 0, thickness: 0, direction: PixelPoint(x: 1, y: 0))
            return
        }
        var best: (area: Double, rectangle: RotatedRectangle)?
        for index in hull.indices {
            let a = hull[index], b = hull[(index + 1) % hull.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let norm = (dx * dx + dy * dy).squareRoot()
            guard norm > 0 else { continue }
            let ux = dx / norm, uy = dy / norm
            var minAlong = Double.infinity, maxAlong = -Double.infinity
            var minAcross = Double.infinity, maxAcross = -Double.infinity
            for point in hull {
                let along = point.x * ux + point.y * uy
                let across = -point.x * uy + point.y * ux
                minAlong = min(minAlong, along)
                maxAlong = max(maxAlong, along)
                minAcross = min(minAcross, across)
                maxAcross = max(maxAcross, across)
            }
            let area = (maxAlong - minAlong) * (maxAcross - minAcross)
            guard best == nil || area < best!.area else { continue }
            let midAlong = (minAlong + maxAlong) / 2, midAcross = (minAcross + maxAcross) / 2
            let centre = PixelPoint(x: midAlong * ux - midAcross * uy, y: midAlong * uy + midAcross * ux)
            best = (area, RotatedRectangle(
                centre: centre, length: maxAlong - minAlong, thickness: maxAcross - minAcross,
                direction: PixelPoint(x: ux, y: uy)))
        }
        guard let best else { return nil }
        self = best.rectangle.leaningRight
    }

    /// The same rectangle described with its longer side first, that side pointing right
    /// (or down when exactly vertical): a text line's reading direction for upright text.
    public var leaningRight: RotatedRectangle {
        var result = self
        if thickness > length {
            result.length = thickness
            result.thickness = length
            result.direction = PixelPoint(x: -direction.y, y: direction.x)
        }
        if result.direction.x < 0 || (result.direction.x == 0 && result.direction.y < 0) {
            result.direction = PixelPoint(x: -result.direction.x, y: -result.direction.y)
        }
        return result
    }

    /// The corners clockwise on screen, from the start of the first side on the upper edge:
    /// top-left, top-right, bottom-right, bottom-left for a line read left to right.
    public var corners: [PixelPoint] {
        let ux = direction.x, uy = direction.y
        // Across points down the screen (y grows downward) when along points right.
        let vx = -uy, vy = ux
        let halfLength = length / 2, halfThickness = thickness / 2
        func point(_ along: Double, _ across: Double) -> PixelPoint {
            PixelPoint(x: centre.x + along * ux + across * vx, y: centre.y + along * uy + across * vy)
        }
        return [
            point(-halfLength, -halfThickness), point(halfLength, -halfThickness),
            point(halfLength, halfThickness), point(-halfLength, halfThickness),
        ]
    }

    public var area: Double { length * thickness }
    public var perimeter: Double { 2 * (length + thickness) }

    /// This rectangle grown by `distance` on every side.
    public func grown(by distance: Double) -> RotatedRectangle {
        RotatedRectangle(centre: centre, length: length + 2 * distance, thickness: thickness + 2 * distance, direction: direction)
    }

    /// This rectangle moved by `offset` (from a part of an image to the whole).
    public func moved(by offset: PixelPoint) -> RotatedRectangle {
        RotatedRectangle(centre: PixelPoint(x: centre.x + offset.x, y: centre.y + offset.y), length: length, thickness: thickness, direction: direction)
    }

    /// This rectangle with every coordinate multiplied by `scaleX` and `scaleY` (from one
    /// image's pixels to another's); the result is the smallest rectangle around the scaled
    /// corners, which is exact when the two scales are equal.
    public func scaled(x scaleX: Double, y scaleY: Double) -> RotatedRectangle {
        let scaled = corners.map { PixelPoint(x: $0.x * scaleX, y: $0.y * scaleY) }
        return RotatedRectangle(enclosing: scaled) ?? self
    }

    /// Whether `point` lies inside (or on the edge of) this rectangle.
    public func contains(_ point: PixelPoint) -> Bool {
        let dx = point.x - centre.x, dy = point.y - centre.y
        let along = dx * direction.x + dy * direction.y
        let across = -dx * direction.y + dy * direction.x
        return abs(along) <= length / 2 && abs(across) <= thickness / 2
    }

    /// The convex hull of `points`, counter-clockwise in a y-up frame (Andrew's monotone chain).
    static func convexHull(_ points: [PixelPoint]) -> [PixelPoint] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count > 2 else { return sorted.count == 2 && sorted[0] == sorted[1] ? [sorted[0]] : sorted }
        func cross(_ o: PixelPoint, _ a: PixelPoint, _ b: PixelPoint) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [PixelPoint] = []
        for point in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 { lower.removeLast() }
            lower.append(point)
        }
        var upper: [PixelPoint] = []
        for point in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 { upper.removeLast() }
            upper.append(point)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
