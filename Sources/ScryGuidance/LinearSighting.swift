import ScryCore

/// Where a gray image holds a linear code whose modules are about a pixel wide, which
/// OpenCV's detector (`BarRegionFinder`, which looks at a reduced image) does not see: the
/// bars' edges along the rows (the ends of the dark runs, `DarkRegions`) that go on to the
/// rows above and below (a bar goes on down the code; grain does not, nor do most strokes
/// of print), close together along a row for `leastEdges` edges or more, and such stretches
/// on the rows below one another for `leastRows` rows and at least `leastHeightShare` of
/// their width, inside the frame, whose bars or spaces are of several widths
/// (`ElementSpread`). Bars up to about 25 degrees off the columns are seen; a
/// code turned further is left to OpenCV's detector.
enum LinearSighting {
    /// The farthest apart two edges of a code lie along a row, in pixels: its widest bar or
    /// space (four modules, EAN's and Code 128's widest element) with a narrow one on each
    /// side that blur has merged into it, at 1.75 px a module (the widest minimum module of a
    /// linear code, `Calibration/module-sizes.json`). Edges farther apart end a stretch:
    /// beyond a code's quiet zone, edges that go on down the rows are seldom that close.
    static let widestGap: Float = 10.5
    /// An edge goes on to the next row when that row has an edge of the same kind (light to
    /// dark, or dark to light) this close to it, in pixels: a bar turned 25 degrees off the
    /// columns moves 0.47 px a row, and the edges are found to a tenth of a pixel or so.
    static let edgeReach: Float = 0.7
    /// The fewest edges of a row's stretch: one more than `BarcodeSighting.leastElements`.
    static let leastEdges = BarcodeSighting.leastElements + 1
    /// The fewest rows a code's stretches span, and the least share of its width that is.
    static let leastRows = 12, leastHeightShare = 0.15
    /// A row without the code's stretch (a flaw in a bar, a spot of glare) does not end it
    /// when the code goes on within this many rows.
    static let mostSkippedRows = 2

    /// One row's stretch of edges that go on up and down: where it starts and ends along the
    /// row, in pixels, and how many edges it holds.
    struct Stretch {
        var y: Int
        var first: Float, last: Float
        var edges: Int
        /// The spread of its bars' widths and of its spaces' (`ElementSpread.value`).
        var spread: Float

        var width: Float { last - first }
    }

    /// The linear codes seen among the runs of `regions`.
    static func find(regions: DarkRegions) -> [BarcodeSighting] {
        let rows = regions.rowCount
        guard rows >= leastRows + 2 else { return [] }
        var open: [[Stretch]] = [], closed: [[Stretch]] = []
        for y in 1..<(rows - 1) {
            var taken = Set<Int>()
            for stretch in stretches(ofRow: y, in: regions) {
                // The open code whose latest stretch overlaps this one most, by at least half.
                var best: (index: Int, overlap: Float)?
                for (index, code) in open.enumerated() where !taken.contains(index) {
                    let latest = code.last!
                    let overlap = min(latest.last, stretch.last) - max(latest.first, stretch.first)
                    guard overlap >= 0.5 * min(latest.width, stretch.width), overlap > (best?.overlap ?? 0) else { continue }
                    best = (index, overlap)
                }
                if let best {
                    open[best.index].append(stretch)
                    taken.insert(best.index)
                } else {
                    open.append([stretch])
                    taken.insert(open.count - 1)
                }
            }
            closed += open.filter { $0.last!.y < y - mostSkippedRows }
            open.removeAll { $0.last!.y < y - mostSkippedRows }
        }
        // A code is seen whole: stripes cut by the frame's top or bottom edge (a railing, a
        // blind) may go on beyond it, and a code cut there is not one to move closer to.
        return (closed + open).filter { $0.first!.y > 1 && $0.last!.y < rows - 2 }.compactMap(sighting)
    }

    /// Row `y`'s stretches: its edges that go on to the rows above and below, cut where two
    /// are more than `widestGap` apart, with at least `leastEdges` edges.
    static func stretches(ofRow y: Int, in regions: DarkRegions) -> [Stretch] {
        var found: [Stretch] = []
        var spread = ElementSpread()
        regions.withRuns(ofRow: y - 1) { startsAbove, endsAbove in
            regions.withRuns(ofRow: y + 1) { startsBelow, endsBelow in
                regions.withRuns(ofRow: y) { starts, ends in
                    var near = (NearEdge(startsAbove), NearEdge(endsAbove), NearEdge(startsBelow), NearEdge(endsBelow))
                    var first: Float = 0, last: Float = 0, edges = 0, lastIsStart = false
                    func close() {
                        if edges >= leastEdges {
                            found.append(Stretch(y: y, first: first, last: last, edges: edges, spread: spread.value))
                        }
                        edges = 0
                        spread.removeAll()
                    }
                    func add(_ edge: Float, isStart: Bool) {
                        if edges > 0, edge - last > widestGap { close() }
                        if edges == 0 {
                            first = edge
                        } else if isStart != lastIsStart {
                            // A bar from a start to an end, a space from an end to a start;
                            // two edges of a kind leave out an edge between them.
                            spread.add(width: edge - last, bar: lastIsStart)
                        }
                        last = edge
                        lastIsStart = isStart
                        edges += 1
                    }
                    for (start, end) in zip(starts, ends) {
                        if near.0.has(start) && near.2.has(start) { add(start, isStart: true) }
                        if near.1.has(end) && near.3.has(end) { add(end, isStart: false) }
                    }
                    close()
                }
            }
        }
        return found
    }

    /// Whether a row has an edge within `edgeReach` of each place asked, the places asked
    /// in increasing order.
    private struct NearEdge {
        let edges: ArraySlice<Float>
        var index: Int

        init(_ edges: ArraySlice<Float>) {
            self.edges = edges
            index = edges.startIndex
        }

        mutating func has(_ place: Float) -> Bool {
            while index < edges.endIndex && edges[index] < place - edgeReach { index += 1 }
            return index < edges.endIndex && edges[index] <= place + edgeReach
        }
    }

    /// The code a chain of stretches down the rows makes, if it is one: its box, its
    /// elements (the median stretch's edges less one) and its module (the median stretch's
    /// width over its elements and `BarcodeSighting.modulesPerElement`, across the bars).
    static func sighting(_ chain: [Stretch]) -> BarcodeSighting? {
        guard chain.count >= leastRows, let top = chain.first?.y, let bottom = chain.last?.y else { return nil }
        let height = Double(bottom - top + 1)
        let widths = chain.map { Double($0.width) }.sorted()
        guard height >= leastHeightShare * widths[widths.count / 2], Double(chain.count) >= 0.6 * height else { return nil }
        // How far the bars move a row: the median of the stretches' ends' moves from row to
        // row (a code turned off the rows is crossed only in part by its first and last
        // rows, so its stretches' widths vary), as far as an edge may move (`edgeReach`).
        let moves = zip(chain, chain.dropFirst()).flatMap { above, below in
            let rows = Float(below.y - above.y)
            return [(below.first - above.first) / rows, (below.last - above.last) / rows]
        }.sorted()
        let slant = Double(min(max(moves[moves.count / 2], -edgeReach), edgeReach))
        let across = 1 / (1 + slant * slant).squareRoot()
        let elements = chain.map { $0.edges - 1 }.sorted()[chain.count / 2]
        // Even stripes (a blind, a grating): the median stretch's bars and spaces are each
        // of one width.
        guard chain.map(\.spread).sorted()[chain.count / 2] >= ElementSpread.leastOfACode else { return nil }
        let modules = chain.map { Double($0.width) / Double($0.edges - 1) }.sorted()
        let module = modules[modules.count / 2] * across / BarcodeSighting.modulesPerElement
        let left = chain.map { Double($0.first) - slant * Double($0.y) }.sorted()[chain.count / 2]
        let right = chain.map { Double($0.last) - slant * Double($0.y) }.sorted()[chain.count / 2]
        // Pixel (x, y)'s middle is at (x, y), as the edges along the rows are.
        let (upper, lower) = (Double(top) - 0.5, Double(bottom) + 0.5)
        let corners = [
            PixelPoint(x: left + slant * upper, y: upper), PixelPoint(x: right + slant * upper, y: upper),
            PixelPoint(x: right + slant * lower, y: lower), PixelPoint(x: left + slant * lower, y: lower),
        ]
        return BarcodeSighting(kind: .linear, corners: corners, elements: elements, moduleSize: module)
    }
}
