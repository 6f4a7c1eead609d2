import Glibc
import ScryCore

/// Where a gray image holds Data Matrix codes (ECC 200), read or not: a dark region
/// (`DarkRegions`) the size of a small symbol with light all round it, whose grid, laid
/// over the image, shows the symbol's finder: the solid L along two sides, the timing
/// pattern alternating along the other two (ISO/IEC 16022: dark from the L's corner on) and
/// the light quiet zone outside them. The L spans both of its sides, so the region holding
/// it is as wide and as tall as the symbol; the symbol's turn is taken from the region's
/// edges, its size (square 10x10 to 52x52, or rectangular 8x18 to 16x48) from the best fit.
enum DataMatrixSighting {
    /// The sizes looked for, rows by columns: the square symbols up to 52x52 and the six
    /// rectangular ones.
    static let sizes: [(rows: Int, columns: Int)] = [10, 12, 14, 16, 18, 20, 22, 24, 26, 32, 36, 40, 44, 48, 52]
        .map { ($0, $0) } + [(8, 18), (8, 32), (12, 26), (12, 36), (16, 36), (16, 48)]
    /// Modules wider than this are not fitted: a Data Matrix code that size is read, or is no
    /// small code to move closer to (`GuidanceDetector.unreadModuleLimit`, with room for a
    /// module measured a fifth too wide).
    static let widestModule = 1.25 * GuidanceDetector.unreadModuleLimit
    /// Nor are modules narrower than this.
    static let narrowestModule = 0.8
    /// The least correlation (-1 to 1) between the image sampled on the grid and the modules
    /// every Data Matrix code of that size has there: the L, the timing pattern and a
    /// module of quiet zone round them.
    static let leastCorrelation = 0.6
    /// The least correlation of the timing pattern's modules alone (how well they alternate),
    /// which a solid frame (a box drawn round something, a square glyph) does not have.
    static let leastTimingCorrelation = 0.5
    /// The least correlation of each of the timing pattern's two sides alone: a block of
    /// stripes (a row of `|||||` in a narrow face) alternates along one side only.
    static let leastSideTimingCorrelation = 0.3
    /// A module's width across the columns and down the rows may differ by this factor.
    static let moduleSpread = 1.15
    /// At most this many regions are fitted in a frame, the first down the rows first.
    static let mostRegions = 64
    /// The turns tried either side of the region's edges', in radians (a degree) and steps:
    /// the gradients of a code whose modules are a pixel or so, blurred, say its turn within a
    /// few degrees.
    static let turnStep = Double.pi / 180, turnSteps = 4

    /// The Data Matrix codes seen among the dark regions of `image` (`regions`).
    static func find(regions: DarkRegions, in image: GrayImage) -> [BarcodeSighting] {
        let smallest = Double(sizes.map { min($0.rows, $0.columns) }.min()!) * narrowestModule
        let largest = Double(sizes.map { max($0.rows, $0.columns) }.max()!) * widestModule * 1.42
        let candidates = regions.regions(least: smallest, most: largest, aspect: 4).filter { region in
            let fill = region.area / (region.width * region.height)
            return fill >= 0.2 && fill <= 0.85 && regions.isClear(around: region, gap: 2, share: 0.05)
        }
        return candidates.prefix(mostRegions).compactMap { code(in: $0, of: image) }
    }

    /// The best fitting Data Matrix grid on `region`, if it fits well enough.
    private static func code(in region: DarkRegions.Region, of image: GrayImage) -> BarcodeSighting? {
        let center = PixelPoint(x: (region.minX + region.maxX) / 2, y: Double(region.minY + region.maxY + 1) / 2)
        guard let edges = edgeDirection(of: region, in: image) else { return nil }
        // The region's outline: each run's two ends, in the middle of its row.
        let outline = region.runs.flatMap { run in
            [PixelPoint(x: run.start, y: Double(run.y) + 0.5), PixelPoint(x: run.end, y: Double(run.y) + 0.5)]
        }
        var best: (sighting: BarcodeSighting, fit: Double)?
        for step in -turnSteps...turnSteps {
            for quarter in 0..<4 {
                let angle = edges + Double(quarter) * Double.pi / 2 + Double(step) * turnStep
                // Unit steps along the symbol's columns (`along`) and down its rows (`down`).
                let along = (x: cos(angle), y: sin(angle)), down = (x: -sin(angle), y: cos(angle))
                var (leftmost, rightmost, topmost, bottommost) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
                for point in outline {
                    let dx = point.x - center.x, dy = point.y - center.y
                    let c = dx * along.x + dy * along.y, r = dx * down.x + dy * down.y
                    leftmost = min(leftmost, c)
                    rightmost = max(rightmost, c)
                    topmost = min(topmost, r)
                    bottommost = max(bottommost, r)
                }
                let width = rightmost - leftmost, height = bottommost - topmost
                for size in sizes {
                    let columnModule = width / Double(size.columns), rowModule = height / Double(size.rows)
                    let module = (columnModule + rowModule) / 2
                    guard module >= narrowestModule, module <= widestModule,
                        max(columnModule, rowModule) <= moduleSpread * min(columnModule, rowModule)
                    else { continue }
                    // Module edges at whole numbers, (0, 0) the symbol's top-left corner.
                    func point(_ c: Double, _ r: Double) -> PixelPoint {
                        let u = leftmost + c * columnModule, v = topmost + r * rowModule
                        return PixelPoint(x: center.x + u * along.x + v * down.x, y: center.y + u * along.y + v * down.y)
                    }
                    // The size whose timing pattern alternates best: a wrong size's L and
                    // quiet zone can fit nearly as well.
                    let (whole, timing, side) = fit(rows: size.rows, columns: size.columns, at: point, in: image)
                    guard let whole, whole >= leastCorrelation, let timing, timing >= leastTimingCorrelation,
                        let side, side >= leastSideTimingCorrelation, timing > best?.fit ?? -1
                    else { continue }
                    let corners = [
                        point(0, 0), point(Double(size.columns), 0), point(Double(size.columns), Double(size.rows)),
                        point(0, Double(size.rows)),
                    ]
                    best = (BarcodeSighting(kind: .dataMatrix, corners: corners, elements: size.columns, moduleSize: module), timing)
                }
            }
        }
        return best?.sighting
    }

    /// How the image at the middles of the modules of a `rows` x `columns` symbol's finder
    /// and quiet zone matches their colours: the correlation of the whole (the L, the timing
    /// pattern and a module of quiet zone round them), of the timing pattern's modules alone
    /// (how well they alternate), and of the one of its two sides that alternates less. The
    /// L is the symbol's left column and bottom row; the timing pattern its top row, dark in
    /// even columns, and its right column, dark in odd rows counted from the top.
    private static func fit(
        rows: Int, columns: Int, at point: (Double, Double) -> PixelPoint, in image: GrayImage
    ) -> (whole: Double?, timing: Double?, weakerSide: Double?) {
        var finder = MicroQRSighting.Correlation()
        var top = MicroQRSighting.Correlation(), right = MicroQRSighting.Correlation()
        func sample(_ c: Int, _ r: Int) -> Double {
            let at = point(Double(c) + 0.5, Double(r) + 0.5)
            return image.interpolated(x: at.x, y: at.y)
        }
        for r in 0..<rows {
            finder.add(sample(0, r), dark: true)
            finder.add(sample(-1, r), dark: false)
        }
        for c in 1..<columns {
            finder.add(sample(c, rows - 1), dark: true)
            finder.add(sample(c, rows), dark: false)
        }
        for c in 1..<columns {
            top.add(sample(c, 0), dark: c % 2 == 0)
            finder.add(sample(c, -1), dark: false)
        }
        for r in 1..<(rows - 1) {
            right.add(sample(columns - 1, r), dark: r % 2 == 1)
            finder.add(sample(columns, r), dark: false)
        }
        let timing = top.merged(with: right)
        let weakerSide = top.value.flatMap { top in right.value.map { min(top, $0) } }
        return (finder.merged(with: timing).value, timing.value, weakerSide)
    }

    /// The direction of the region's edges (radians, modulo a quarter turn): the gradients
    /// inside its box, their angles taken four times over so that the four sides agree,
    /// averaged weighted by their strength; nil where the box is flat.
    static func edgeDirection(of region: DarkRegions.Region, in image: GrayImage) -> Double? {
        let left = max(1, Int(region.minX.rounded(.down))), right = min(image.width - 2, Int(region.maxX.rounded(.up)))
        let top = max(1, region.minY), bottom = min(image.height - 2, region.maxY)
        guard left < right, top < bottom else { return nil }
        return image.squareEdgeDirection(columns: left...right, rows: top...bottom)
    }
}
