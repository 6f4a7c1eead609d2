import ScryCore

/// The dark runs along the rows of a gray image (`RowRuns`), joined into regions: runs on
/// neighbouring rows that overlap, or come within `bridge` of each other, are one region. A
/// Data Matrix code's solid L spans two whole sides of the symbol, so the region holding it
/// has the symbol's extent (`DataMatrixSighting`). The runs' ends, row by row, are also the
/// edges by which fine bars are seen (`LinearSighting`). A grainy frame has a run at nearly
/// every other pixel, so each run is kept in 8 bytes, and joined with 28 more for the while.
struct DarkRegions {
    /// One dark run: its row, and where it starts and ends, in pixels from the row's start
    /// (edges between pixels, where the row crosses the middle of its light and dark).
    struct Run {
        var y: Int
        var start: Double, end: Double
    }

    /// A region: the runs joined, and the box round them in the image's pixel space.
    struct Region {
        var runs: [Run]
        var minX: Double, maxX: Double, minY: Int, maxY: Int
        /// The pixels its runs cover.
        var area: Double

        var width: Double { maxX - minX }
        var height: Double { Double(maxY - minY + 1) }
    }

    /// Runs on neighbouring rows this far apart or less are joined: a line of a pixel or so
    /// lying a few degrees off the rows is crossed by each row for a stretch, the stretches
    /// end to end down the rows.
    static let bridge: Float = 1.0

    /// Each run's start and end, row after row, left to right.
    private var starts: [Float] = [], ends: [Float] = []
    /// Where each row's runs begin in `starts` and `ends`, and (last) where the runs end.
    private var rowStarts: [Int32] = [0]

    mutating func add(y: Int, start: Double, end: Double) {
        while rowStarts.count - 1 <= y { rowStarts.append(rowStarts.last!) }
        starts.append(Float(start))
        ends.append(Float(end))
        rowStarts[y + 1] = Int32(starts.count)
    }

    /// How many rows the runs were added for.
    var rowCount: Int { rowStarts.count - 1 }

    /// Calls `body` with the starts and ends of row `y`'s runs, left to right.
    func withRuns<Result>(ofRow y: Int, _ body: (_ starts: ArraySlice<Float>, _ ends: ArraySlice<Float>) -> Result) -> Result {
        let range = places(ofRow: y)
        return body(starts[range], ends[range])
    }

    /// The runs of row `y`, as a range of places.
    private func places(ofRow y: Int) -> Range<Int> {
        guard y >= 0, y + 1 < rowStarts.count else { return 0..<0 }
        return Int(rowStarts[y])..<Int(rowStarts[y + 1])
    }

    /// The box round a region, kept at its root's place while the regions are found.
    private struct Box {
        var minX: Float, maxX: Float, area: Float
        var minY: Int32, maxY: Int32
    }

    /// The regions whose box is `least` to `most` pixels each way and at most `aspect` times
    /// as long as it is wide, in the order of their first runs (down the rows).
    func regions(least: Double, most: Double, aspect: Double) -> [Region] {
        let count = starts.count, rows = rowStarts.count - 1
        guard count > 0 else { return [] }
        // Union-find over the runs, each root the first run of its region.
        var parent = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = Int32(index) }
            initialized = count
        }
        func root(_ index: Int) -> Int {
            var index = index
            while Int(parent[index]) != index {
                parent[index] = parent[Int(parent[index])]
                index = Int(parent[index])
            }
            return index
        }
        for row in 1..<max(1, rows) {
            let before = places(ofRow: row - 1)
            var above = before.lowerBound
            for index in places(ofRow: row) {
                let (start, end) = (starts[index], ends[index])
                while above < before.upperBound && ends[above] + Self.bridge <= start { above += 1 }
                var other = above
                while other < before.upperBound && starts[other] < end + Self.bridge {
                    let a = root(index), b = root(other)
                    if a != b { parent[max(a, b)] = Int32(min(a, b)) }
                    other += 1
                }
            }
        }
        // Every run points at its root: a parent always comes before its child.
        for index in 0..<count { parent[index] = parent[Int(parent[index])] }
        var found: [Region] = []
        // Each kept region's place in `found`, at its root's place; -1 elsewhere.
        var place = [Int32](repeating: -1, count: count)
        do {
            var boxes = [Box](repeating: Box(minX: 0, maxX: 0, area: 0, minY: -1, maxY: -1), count: count)
            for row in 0..<rows {
                for index in places(ofRow: row) {
                    let key = Int(parent[index]), (start, end) = (starts[index], ends[index])
                    if boxes[key].minY < 0 {
                        boxes[key] = Box(minX: start, maxX: end, area: end - start, minY: Int32(row), maxY: Int32(row))
                    } else {
                        boxes[key].minX = min(boxes[key].minX, start)
                        boxes[key].maxX = max(boxes[key].maxX, end)
                        boxes[key].maxY = Int32(row)
                        boxes[key].area += end - start
                    }
                }
            }
            for key in 0..<count where Int(parent[key]) == key {
                let box = boxes[key]
                let width = Double(box.maxX - box.minX), height = Double(box.maxY - box.minY + 1)
                guard width >= least, height >= least, width <= most, height <= most,
                    max(width, height) <= aspect * min(width, height)
                else { continue }
                place[key] = Int32(found.count)
                found.append(Region(
                    runs: [], minX: Double(box.minX), maxX: Double(box.maxX), minY: Int(box.minY), maxY: Int(box.maxY),
                    area: Double(box.area)))
            }
        }
        guard !found.isEmpty else { return [] }
        for row in 0..<rows {
            for index in places(ofRow: row) {
                let at = Int(place[Int(parent[index])])
                if at >= 0 { found[at].runs.append(Run(y: row, start: Double(starts[index]), end: Double(ends[index]))) }
            }
        }
        return found
    }

    /// Whether the pixels just outside `region`'s box (a ring `gap` pixels out) are light:
    /// at most `share` of the ring's length lies on dark runs of any region.
    func isClear(around region: Region, gap: Double, share: Double) -> Bool {
        let left = region.minX - gap, right = region.maxX + gap
        let top = Int((Double(region.minY) - gap).rounded(.down)), bottom = Int((Double(region.maxY) + gap).rounded(.up))
        var dark = 0.0, length = 0.0
        for y in top...bottom {
            let edge = y == top || y == bottom
            length += edge ? right - left : 2
            for index in places(ofRow: y) {
                let (start, end) = (Double(starts[index]), Double(ends[index]))
                if edge {
                    dark += max(0, min(end, right) - max(start, left))
                } else {
                    if start <= left && end > left - 1 { dark += 1 }
                    if start <= right + 1 && end > right { dark += 1 }
                }
            }
        }
        return dark <= share * length
    }
}
