import ScryCore

extension Ink {
    /// The ink drawn as a line of text for a line recognizer: black strokes drawn with `pen` (a
    /// round pen 2 x 1.25 px wide unless told), antialiased, on white, scaled so that the ink's
    /// height is `inkHeight` px, with `(height - inkHeight) / 2` px of white above and below and
    /// `margin` px at either side. An ink flatter than `widestRatio` (width over height) is
    /// scaled as if its height were its width over that: a word's dash is not drawn as tall as
    /// a letter; with 1, a character's ink is fitted in a square.
    public func renderedLine(
        height: Int = 48, inkHeight: Double = 36, widestRatio: Double = 20, pen: InkPen = .round(radius: 1.25),
        margin: Int = 6
    ) -> GrayImage? {
        guard let (minimumX, minimumY, maximumX, maximumY) = bounds else { return nil }
        let extent = max(maximumY - minimumY, (maximumX - minimumX) / widestRatio, 1e-9)
        let scale = inkHeight / extent
        let top = (Double(height) - (maximumY - minimumY) * scale) / 2
        let width = Int(((maximumX - minimumX) * scale).rounded(.up)) + 2 * margin
        guard width <= 20_000 else { return nil }
        var image = GrayImage(width: width, height: height, filledWith: 255)
        let radius = pen.reach
        func place(_ point: Point) -> (Double, Double) { ((point.x - minimumX) * scale + Double(margin), (point.y - minimumY) * scale + top) }
        for stroke in strokes {
            let placed = stroke.points.map(place)
            let segments = placed.count == 1 ? [(placed[0], placed[0])] : Array(zip(placed, placed.dropFirst()))
            for (a, b) in segments {
                let left = max(0, Int(min(a.0, b.0) - radius - 1)), right = min(width - 1, Int(max(a.0, b.0) + radius + 1))
                let upper = max(0, Int(min(a.1, b.1) - radius - 1)), lower = min(height - 1, Int(max(a.1, b.1) + radius + 1))
                guard left <= right, upper <= lower else { continue }
                let dx = b.0 - a.0, dy = b.1 - a.1, length = dx * dx + dy * dy
                for y in upper...lower {
                    for x in left...right {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        guard pen.isRound else {
                            let value = UInt8((255 * (1 - Self.coverage(of: pen, px - a.0, py - a.1, along: dx, dy))).rounded())
                            if value < image[x, y] { image[x, y] = value }
                            continue
                        }
                        let t = length > 0 ? max(0, min(1, ((px - a.0) * dx + (py - a.1) * dy) / length)) : 0
                        let distance = ((px - a.0 - t * dx) * (px - a.0 - t * dx) + (py - a.1 - t * dy) * (py - a.1 - t * dy)).squareRoot()
                        let coverage = max(0, min(1, radius + 0.5 - distance))
                        let value = UInt8((255 * (1 - coverage)).rounded())
                        if value < image[x, y] { image[x, y] = value }
                    }
                }
            }
        }
        return image
    }

    /// How much of the pixel at `(px, py)` px from a segment's start `pen` covers, 0...1, as
    /// it is drawn along `(dx, dy)`: by the segment's nearest point in nib units, antialiased
    /// over one pixel of the nib's thin side.
    private static func coverage(of pen: InkPen, _ px: Double, _ py: Double, along dx: Double, _ dy: Double) -> Double {
        let point = pen.inNibUnits(px, py), step = pen.inNibUnits(dx, dy)
        let length = step.x * step.x + step.y * step.y
        let t = length > 0 ? max(0, min(1, (point.x * step.x + point.y * step.y) / length)) : 0
        let offset = (x: point.x - t * step.x, y: point.y - t * step.y)
        let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
        return max(0, min(1, (1 - distance) * min(pen.halfWidth, pen.halfLength) + 0.5))
    }

    /// The ink drawn `copies` times side by side, each fitted in the same square with a gap of
    /// 15% between them, as `renderedLine` draws a line.
    func sideBySide(copies: Int) -> GrayImage? {
        guard let (minimumX, minimumY, maximumX, maximumY) = bounds else { return nil }
        let step = max(maximumX - minimumX, maximumY - minimumY, 1e-9) * 1.15
        var repeated: [Stroke] = []
        for copy in 0..<copies {
            let shift = Double(copy) * step
            repeated += strokes.map { Stroke(points: $0.points.map { Point(x: $0.x + shift, y: $0.y, t: $0.t) }) }
        }
        return Ink(strokes: repeated).renderedLine(widestRatio: Double(copies) * 1.15)
    }
}
