/// The convex hull of a point set (Andrew's monotone chain), clockwise in image coordinates
/// (y down), starting from the leftmost point.
public enum ConvexHull {
    public static func of(_ points: [PixelPoint]) -> [PixelPoint] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: PixelPoint, _ a: PixelPoint, _ b: PixelPoint) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [PixelPoint] = []
        for point in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 { lower.removeLast() }
            lower.append(point)
        }
        var upper: [PixelPoint] = []
        for point in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 { upper.removeLast() }
            upper.append(point)
        }
        // Counter-clockwise in y-up coordinates, which is clockwise as a picture shows it.
        return Array(lower.dropLast() + upper.dropLast())
    }
}
