import ScryCore

/// One of a PDF417 code's two guard patterns seen along a row: every row of the code begins
/// with the start pattern (bar and space widths 8 1 1 1 1 1 1 3 modules, 17 in all) and ends
/// with the stop pattern (7 1 1 3 1 1 1 2 1, 18; ISO/IEC 15438), so that each lies in a
/// column down the code's whole height. A code upside down shows both the other way round.
struct PDF417Guard: Equatable {
    enum Kind: Equatable { case start, stop }
    var kind: Kind
    /// Whether the pattern reads right to left along the row (the code turned a half).
    var reversed: Bool
    /// Where the pattern meets its quiet zone (the start pattern's first edge, the stop
    /// pattern's last), in the image's pixel space: x along the row, the row's y.
    var outerEdge: PixelPoint
    /// One module's width in pixels: the pattern's length over its modules.
    var moduleSize: Double

    /// Bar and space widths in modules, from the code's outside in for `start`, in reading
    /// order for `stop`.
    static let startWidths: [Double] = [8, 1, 1, 1, 1, 1, 1, 3]
    static let stopWidths: [Double] = [7, 1, 1, 3, 1, 1, 1, 2, 1]
    private static let startWidthsReversed = Array(startWidths.reversed()), stopWidthsReversed = Array(stopWidths.reversed())
    /// A run may be this far from its width (in modules): up to 3 modules wide, or 7 and 8.
    static let narrowTolerance = 0.7, wideTolerance = 1.6
    /// The wide bar is at least this many times the narrow run beside it (7 or 8 modules
    /// against 1, blurred).
    static let wideShare = 3.0
    /// Modules narrower or wider than these (in pixels) are not looked for: under a pixel the
    /// narrow runs blur into one, and a PDF417 code with wider modules is read, or is no small
    /// code to move closer to (`GuidanceDetector.unreadModuleLimit`, with room for a module
    /// measured a fifth too wide).
    static let smallestModule = 0.8, widestModule = 1.25 * GuidanceDetector.unreadModuleLimit

    /// The guard pattern the latest runs end, if any: a start or stop pattern read either
    /// way, ending with the newest run.
    static func crossing(_ runs: RowRuns, y: Int) -> PDF417Guard? {
        // Read left to right the start pattern ends with a space, the stop pattern with a bar;
        // right to left the start pattern ends with its 8-module bar, the stop with its 7.
        // Each pattern's wide bar is 7 or 8 times the narrow run beside it: a cheap test
        // first, as most runs of a frame end nothing of the kind.
        guard runs.count > 9 else { return nil }
        guard runs.newestIsDark else {
            guard runs.length(7) > wideShare * runs.length(6) else { return nil }
            return match(runs, widths: startWidths, reversed: false, y: y)
        }
        if runs.length(8) > wideShare * runs.length(7), let found = match(runs, widths: stopWidths, reversed: false, y: y) {
            return found
        }
        guard runs.length(0) > wideShare * runs.length(1) else { return nil }
        return match(runs, widths: startWidthsReversed, reversed: true, y: y)
            ?? match(runs, widths: stopWidthsReversed, reversed: true, y: y)
    }

    /// The pattern of `widths` (in the row's order, the last one the newest run) where the
    /// latest runs are in proportion to them.
    private static func match(_ runs: RowRuns, widths: [Double], reversed: Bool, y: Int) -> PDF417Guard? {
        let count = widths.count
        guard runs.count > count else { return nil }
        var total = 0.0
        for back in 0..<count { total += runs.length(back) }
        let module = total / (count == startWidths.count ? 17 : 18)
        guard module >= smallestModule, module <= widestModule else { return nil }
        for index in 0..<count {
            let width = widths[index]
            let tolerance = width >= 7 ? wideTolerance : narrowTolerance
            guard abs(runs.length(count - 1 - index) - width * module) <= tolerance * module else { return nil }
        }
        let first = runs.start(count - 1), last = runs.start(0) + runs.length(0)
        // The start pattern's outer edge is where it begins along the code; read right to
        // left, where the row's run ends.
        let kind: Kind = widths.count == startWidths.count ? .start : .stop
        let outer = (kind == .start) != reversed ? first : last
        return PDF417Guard(kind: kind, reversed: reversed, outerEdge: PixelPoint(x: outer, y: Double(y)), moduleSize: module)
    }

    /// A guard pattern down a run of rows: the same kind and way round, each row's edge
    /// within `slant` modules of the last row's, no more than `gap` rows missing between (a
    /// row crossing two of the code's rows of a turned code may show neither's pattern).
    struct Column: Equatable {
        var kind: Kind
        var reversed: Bool
        var top: PixelPoint, bottom: PixelPoint
        var moduleSize: Double
        var rows: Int
    }
    static let slant = 1.5, gap = 4

    /// The rows' guard patterns joined into columns, the tallest first.
    static func columns(_ crossings: [PDF417Guard]) -> [Column] {
        var open: [(column: Column, moduleSum: Double)] = []
        for crossing in crossings.sorted(by: { $0.outerEdge.y < $1.outerEdge.y }) {
            if let index = open.lastIndex(where: { candidate in
                candidate.column.kind == crossing.kind && candidate.column.reversed == crossing.reversed
                    && crossing.outerEdge.y > candidate.column.bottom.y
                    && crossing.outerEdge.y - candidate.column.bottom.y <= Double(gap + 1)
                    && abs(crossing.outerEdge.x - candidate.column.bottom.x) <= slant * crossing.moduleSize
            }) {
                open[index].column.bottom = crossing.outerEdge
                open[index].column.rows += 1
                open[index].moduleSum += crossing.moduleSize
            } else {
                open.append((Column(
                    kind: crossing.kind, reversed: crossing.reversed, top: crossing.outerEdge, bottom: crossing.outerEdge,
                    moduleSize: crossing.moduleSize, rows: 1), crossing.moduleSize))
            }
        }
        return open.map { entry in
            var column = entry.column
            column.moduleSize = entry.moduleSum / Double(column.rows)
            return column
        }.sorted { $0.rows > $1.rows }
    }
}
