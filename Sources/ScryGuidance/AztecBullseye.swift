import ScryCore

/// The middle of an Aztec code's finder, its bullseye, seen in a frame: square rings of a
/// module round a dark core of one, alternately light and dark (a compact symbol's 9x9
/// bullseye, which a full-range symbol's 13x13 holds in its middle; ISO/IEC 24778), so that a
/// line through its core crosses seven runs of a module each between the dark fourth ring's
/// two sides, along a row, down a column and along both diagonals (where each run is between
/// one and 1.41 modules, by how the symbol is turned). Outside the fourth ring a compact
/// symbol's mode message may be dark, so that ring's runs may be longer. Under 2 px a module
/// the core, a module alone, often blurs into the light ring round it: then the line crosses
/// five runs of 1, 1, 3, 1 and 1 modules between the fourth ring's sides, light in the middle.
/// Looked for along every row (`RowRuns`), then checked across.
struct AztecBullseye: Equatable {
    /// Its core, in the image's pixel space (origin top-left, y down).
    var center: PixelPoint
    /// One module's width in pixels: the seven runs along the rows that crossed its core,
    /// over seven, averaged.
    var moduleSize: Double
    /// How many rows crossed its core with the nine runs in proportion.
    var rows: Int

    /// Bullseyes with wider modules are not looked for: an Aztec code that size is read, or
    /// is no small code to move closer to (`GuidanceDetector.unreadModuleLimit`, with room for
    /// a module measured a fifth too wide).
    static let widestModule = 1.25 * GuidanceDetector.unreadModuleLimit
    /// Each run may be this far from a module (a share of one).
    static let runTolerance = 0.6
    /// Along a column, the module may be this factor smaller or larger than along the row.
    static let columnSpread = 1.5
    /// Along a diagonal, the runs' mean must lie within these shares of the row's module (1
    /// to the square root of 2 for a symbol turned 45 to 0 degrees, and some blur), and each
    /// run within `diagonalTolerance` of that mean (under 2 px a module the core, one module
    /// seen corner to corner, may measure half the others): a checkerboard's diagonal does
    /// not alternate at all.
    static let diagonalModules = 0.85...1.7, diagonalTolerance = 0.6
    /// The least difference between a line's darkest and lightest samples (of 255).
    static let leastLineContrast = 20.0

    /// The crossing `runs` show where their newest run, dark (the fourth ring), ends seven of
    /// a module each after another dark run, and the column and both diagonals through the
    /// middle one cross the same rings; else nil.
    static func crossing(_ runs: RowRuns, y: Int, in image: GrayImage) -> MarkCrossing? {
        guard runs.newestIsDark, runs.count >= 7 else { return nil }
        // The runs on either side of the middle ones are a module each in both patterns: a
        // cheap test first.
        let outer = runs.length(1) + runs.length(2)
        guard abs(runs.length(1) - runs.length(2)) <= runTolerance * outer else { return nil }
        return crossing(runs, y: y, middleRuns: 7, in: image) ?? crossing(runs, y: y, middleRuns: 5, in: image)
    }

    /// The crossing where the `middleRuns` runs before the newest are the dark core's seven
    /// runs of a module, or the washed core's five (`washedCoreWidths`).
    private static func crossing(_ runs: RowRuns, y: Int, middleRuns count: Int, in image: GrayImage) -> MarkCrossing? {
        guard runs.count >= count + 2 else { return nil }
        var total = 0.0
        for back in 1...count { total += runs.length(back) }
        let module = total / 7
        guard module >= FinderPattern.smallestModule, module <= widestModule,
            runs.length(0) >= 0.5 * module, runs.length(count + 1) >= 0.5 * module
        else { return nil }
        let core = count / 2 + 1
        for back in 1...count {
            let width = back == core && count == 5 ? 3.0 : 1.0
            guard abs(runs.length(back) - width * module) <= runTolerance * module else { return nil }
        }
        let center = PixelPoint(x: runs.start(core) + runs.length(core) / 2, y: Double(y))
        guard let measured = rings(around: center, module: module, washedCore: count == 5, in: image) else { return nil }
        return MarkCrossing(x: center.x, y: center.y, module: measured)
    }

    /// The runs between the fourth ring's two sides, in modules: with the core dark, and with
    /// it blurred into the first ring.
    static let darkCoreWidths: [Double] = [1, 1, 1, 1, 1, 1, 1], washedCoreWidths: [Double] = [1, 1, 3, 1, 1]

    /// Where the column and both diagonals through `center` cross seven even runs of about
    /// `module` pixels (the row's), the middle one dark, and the start of a dark one beyond
    /// each end: the module they measure, the least of the row's and column's mean and each
    /// diagonal's (a line across a square turned by an angle measures its side over that
    /// angle's cosine, so the least of the four is within 8% of the side); else nil.
    static func rings(around center: PixelPoint, module: Double, washedCore: Bool = false, in image: GrayImage) -> Double? {
        guard secondRingIsDark(around: center, module: module, in: image) else { return nil }
        let half = 0.5.squareRoot()
        let reach = 5.5 * module
        let widths = washedCore ? washedCoreWidths : darkCoreWidths
        func runs(along direction: (x: Double, y: Double)) -> [Double]? {
            LineCrossings.crossings(
                from: center, along: direction, reach: reach, count: widths.count / 2 + 1, leastContrast: leastLineContrast,
                centerDark: !washedCore, in: image
            ).map(LineCrossings.runs)
        }
        /// The module the runs measure where each is within `tolerance` of its width.
        func measuredModule(of runs: [Double], tolerance: Double) -> Double? {
            let measured = runs.reduce(0, +) / 7
            return zip(runs, widths).allSatisfy({ abs($0 - $1 * measured) <= tolerance * measured }) ? measured : nil
        }
        guard let down = runs(along: (0, 1)), let columnModule = measuredModule(of: down, tolerance: runTolerance),
            columnModule >= module / columnSpread, columnModule <= module * columnSpread
        else { return nil }
        let across = (module + columnModule) / 2
        var narrowest = across
        for direction in [(half, half), (half, -half)] {
            guard let diagonal = runs(along: direction), let mean = measuredModule(of: diagonal, tolerance: diagonalTolerance),
                diagonalModules.contains(mean / across)
            else { return nil }
            narrowest = min(narrowest, mean)
        }
        return narrowest
    }

    /// By how much of the spread of those samples and the core's the first ring's darkest
    /// must be lighter than the second ring's lightest.
    static let ringMargin = 0.15

    /// Whether the eight points a knight's move from the core (two modules one way and one
    /// the other), which lie on the dark second ring however the symbol is turned, are all
    /// darker than the four a module from it on the rows and columns, which lie on the light
    /// first ring, by `ringMargin`. A grid of dots or a checkerboard, whose lines alternate as
    /// a bullseye's do, is light or alike there.
    static func secondRingIsDark(around center: PixelPoint, module: Double, in image: GrayImage) -> Bool {
        func sample(_ offset: (Double, Double)) -> Double {
            image.interpolated(x: center.x + offset.0 * module, y: center.y + offset.1 * module)
        }
        let firstRing = [(1.0, 0.0), (0, 1), (-1, 0), (0, -1)].map(sample)
        let secondRing = [(2.0, 1.0), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)].map(sample)
        let all = firstRing + secondRing + [sample((0, 0))]
        return firstRing.min()! - secondRing.max()! >= ringMargin * (all.max()! - all.min()!)
    }

    /// Crossings within one and a half modules of a bullseye's running middle joined into
    /// it, those seen on most rows first.
    static func clustered(_ crossings: [MarkCrossing]) -> [AztecBullseye] {
        MarkCrossing.clustered(crossings, within: 1.5).map {
            AztecBullseye(center: $0.center, moduleSize: $0.moduleSize, rows: $0.rows)
        }
    }
}
