import ScryCore

/// Where a straight line through a point crosses from dark to light and back, sampled off the
/// image between pixels: what a code's concentric marks are checked by across rows, columns
/// and diagonals.
enum LineCrossings {
    /// Samples a pixel along the line.
    static let step = 0.25

    /// The distances from `center` along `direction` (a unit vector, pixels) and against it
    /// at which the line crosses the middle of its darkest and lightest samples within `reach`
    /// pixels, the first `count` each way, nearest first; nil where `center` is not dark
    /// (light when `centerDark` is false), the samples differ by less than `leastContrast`
    /// gray levels, or fewer crossings lie within `reach`.
    static func crossings(
        from center: PixelPoint, along direction: (x: Double, y: Double), reach: Double, count: Int, leastContrast: Double,
        centerDark: Bool = true, in image: GrayImage
    ) -> (forward: [Double], backward: [Double])? {
        let steps = Int(reach / step)
        guard steps > 1 else { return nil }
        func samples(_ sign: Double) -> [Double] {
            (0...steps).map { index in
                let t = sign * Double(index) * step
                return image.interpolated(x: center.x + t * direction.x, y: center.y + t * direction.y)
            }
        }
        let ahead = samples(1), behind = samples(-1)
        let lowest = min(ahead.min()!, behind.min()!), highest = max(ahead.max()!, behind.max()!)
        guard highest - lowest >= leastContrast else { return nil }
        let middle = (lowest + highest) / 2
        guard (ahead[0] < middle) == centerDark else { return nil }
        func found(_ values: [Double]) -> [Double]? {
            var result: [Double] = []
            var dark = centerDark
            for index in 1..<values.count where (values[index] < middle) != dark {
                let before = values[index - 1], after = values[index]
                let share = before == after ? 0.5 : min(max((before - middle) / (before - after), 0), 1)
                result.append((Double(index - 1) + share) * step)
                dark.toggle()
                if result.count == count { return result }
            }
            return nil
        }
        guard let forward = found(ahead), let backward = found(behind) else { return nil }
        return (forward, backward)
    }

    /// The runs those crossings bound, from the far end behind to the far end ahead: the
    /// middle run spans the centre.
    static func runs(_ crossings: (forward: [Double], backward: [Double])) -> [Double] {
        let (forward, backward) = crossings
        var runs: [Double] = []
        for index in stride(from: backward.count - 1, to: 0, by: -1) { runs.append(backward[index] - backward[index - 1]) }
        runs.append(backward[0] + forward[0])
        for index in 1..<forward.count { runs.append(forward[index] - forward[index - 1]) }
        return runs
    }
}
