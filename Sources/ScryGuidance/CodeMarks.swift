import ScryCore

/// The marks by which 2D and stacked codes, and linear codes of fine bars, are found, looked
/// for in one pass along the rows of a frame (`RowRuns`): QR finder patterns, Aztec
/// bullseyes, PDF417 guard patterns, and the dark runs that make Data Matrix codes' regions
/// and whose ends are fine bars' edges.
struct CodeMarks {
    var finders: [FinderPattern]
    var bullseyes: [AztecBullseye]
    var guardColumns: [PDF417Guard.Column]
    var darkRegions: DarkRegions

    static func find(in image: GrayImage) -> CodeMarks {
        guard image.height > 8 else { return CodeMarks(finders: [], bullseyes: [], guardColumns: [], darkRegions: DarkRegions()) }
        var finders: [MarkCrossing] = [], bullseyes: [MarkCrossing] = []
        var guards: [PDF417Guard] = []
        var dark = DarkRegions()
        RowRuns.scan(image, reach: FinderPattern.reach, runContrast: FinderPattern.runContrast) { y, runs in
            if let crossing = FinderPattern.crossing(runs, y: y, in: image) { finders.append(crossing) }
            if let crossing = AztecBullseye.crossing(runs, y: y, in: image) { bullseyes.append(crossing) }
            if let crossing = PDF417Guard.crossing(runs, y: y) { guards.append(crossing) }
            if runs.newestIsDark, runs.count > 1 { dark.add(y: y, start: runs.start(0), end: runs.start(0) + runs.length(0)) }
        }
        return CodeMarks(
            finders: FinderPattern.clustered(finders), bullseyes: AztecBullseye.clustered(bullseyes),
            guardColumns: PDF417Guard.columns(guards), darkRegions: dark)
    }
}
