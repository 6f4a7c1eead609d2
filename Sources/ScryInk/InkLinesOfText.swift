extension Ink {
    /// A band's height under this share of the tallest band's is a mark (an i's dot, an accent)
    /// and joins the band nearest it.
    static let markShare = 0.35

    /// The ink cut into lines of text, top to bottom (y grows downward, as on a screen), each
    /// holding its strokes in their order; `[self]` for one line.
    ///
    /// Strokes whose vertical extents overlap share a band. A band lower than `markShare` of the
    /// tallest joins the band nearest it (the one below on a tie). Two neighbouring bands are
    /// lines of their own only when each is at least half as high as the gap between them:
    /// strokes far apart with nothing between (the bars of 三) belong to one character.
    /// Lines whose letters reach into each other (a descender above an ascender) stay one.
    public func linesOfText() -> [Ink] {
        guard strokes.count > 1 else { return [self] }
        struct Band { var top: Double, bottom: Double, members: [Int]; var height: Double { bottom - top } }
        var extents: [(top: Double, bottom: Double)] = []
        for stroke in strokes {
            guard let box = Ink(strokes: [stroke]).bounds else { return [self] }
            extents.append((box.minimumY, box.maximumY))
        }
        var bands: [Band] = []
        for index in extents.indices.sorted(by: { extents[$0].top < extents[$1].top }) {
            if let last = bands.last, extents[index].top <= last.bottom {
                bands[bands.count - 1].bottom = max(last.bottom, extents[index].bottom)
                bands[bands.count - 1].members.append(index)
            } else {
                bands.append(Band(top: extents[index].top, bottom: extents[index].bottom, members: [index]))
            }
        }
        func merge(_ index: Int, into target: Int) {
            bands[target].top = min(bands[target].top, bands[index].top)
            bands[target].bottom = max(bands[target].bottom, bands[index].bottom)
            bands[target].members += bands[index].members
            bands.remove(at: index)
        }
        let tallest = bands.map(\.height).max() ?? 0
        while bands.count > 1, let index = bands.firstIndex(where: { $0.height < Self.markShare * tallest }) {
            let above = index > 0 ? bands[index].top - bands[index - 1].bottom : .infinity
            let below = index + 1 < bands.count ? bands[index + 1].top - bands[index].bottom : .infinity
            merge(index, into: below <= above ? index + 1 : index - 1)
        }
        var index = 1
        while index < bands.count {
            let gap = bands[index].top - bands[index - 1].bottom
            if bands[index - 1].height >= gap / 2 && bands[index].height >= gap / 2 {
                index += 1
            } else {
                merge(index, into: index - 1)
            }
        }
        guard bands.count > 1 else { return [self] }
        return bands.map { band in Ink(strokes: band.members.sorted().map { strokes[$0] }) }
    }

    /// Text candidates for an ink of one line or several (`linesOfText`), read by `reading`
    /// (the ink, how many candidates, the pre-context). An ink of several bands is read both
    /// whole and line by line, each line with the line before's best and a line break as its
    /// pre-context (the first with `preContext`), the lines joined by newlines (`InkCandidate.joining`); the
    /// lines are taken when their best's score is lower than the whole's best (a character of
    /// parts one above another, such as こ or 六, reads better whole).
    public func textCandidatesLineByLine(
        count: Int, preContext: String? = nil, reading: (Ink, Int, String?) throws -> [InkCandidate]
    ) rethrows -> [InkCandidate] {
        let lines = linesOfText()
        let whole = try reading(self, count, preContext)
        guard lines.count > 1 else { return whole }
        var each: [[InkCandidate]] = []
        var context = preContext
        for line in lines {
            let candidates = try reading(line, InkCandidate.alternativesPerPart, context)
            guard let best = candidates.first else { return whole }
            each.append(candidates)
            // The next line starts after a line break: a new word, no space before it.
            context = best.text + "\n"
        }
        let joined = InkCandidate.joining(each, separator: "\n", count: count)
        guard let wholeBest = whole.first else { return joined }
        return joined[0].score < wholeBest.score ? joined : whole
    }
}
