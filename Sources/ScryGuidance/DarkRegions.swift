import ScryCore

/// The dark runs along the rows of a gray image (`RowRuns`), joined into regions: runs on
/// neighbouring rows that overlap, or come within `bridge` of each other, are one region. A Data Matrix code's
/// solid L spans two whole sides of the symbol, so the region holding it has the symbol's
/// extent (`DataMatrixSighting`).
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
    static let bridge = 1.0

    private(set) var runs: [Run] = []
    /// Where each row's runs begin in `runs` (the rows in order, runs left to right).
    private var rowStarts: [Int] = []
    private var lastRow = -1

    mutating func add(y: Int, start: Double, end: Double) {
        while lastRow < y {
            rowStarts.append(runs.count)
            lastRow += 1
        }
        runs.append(Run(y: y, start: start, end: end))
    }

    /// The regions whose box is `least` to `most` pixels each way and at most `aspect` times
    /// as long as it is wide, in the order of their first runs (down the rows).
    func regions(least: Double, most: Double, aspect: Double) -> [Region] {
        guard !runs.isEmpty else { return [] }
        var parent = Array(0..<runs.count)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        let starts = rowStarts + [runs.count]
        for row in 1..<max(1, starts.count - 1) {
            var above = starts[row - 1]
            let aboveEnd = starts[row]
            for index in starts[row]..<starts[row + 1] {
                let run = runs[index]
                while above < aboveEnd && runs[above].end + Self.bridge <= run.start { above += 1 }
                var other = above
                while other < aboveEnd && runs[other].start < run.end + Self.bridge {
                    let a = root(index), b = root(other)
                    if a != b { parent[max(a, b)] = min(a, b) }
                    other += 1
                }
            }
        }
        // The box round each region, kept at its root's place.
        var minX = [Double](repeating: 0, count: runs.count), maxX = minX, area = minX
        var minY = [Int](repeating: -1, count: runs.count), maxY = minY
        var roots = [Int](repeating: 0, count: runs.count)
        for (index, run) in runs.enumerated() {
            let key = root(index)
            roots[index] = key
            if minY[key] < 0 {
                (minX[key], maxX[key], minY[key], maxY[key], area[key]) = (run.start, run.end, run.y, run.y, run.end - run.start)
            } else {
                minX[key] = min(minX[key], run.start)
                maxX[key] = max(maxX[key], run.end)
                maxY[key] = run.y
                area[key] += run.end - run.start
            }
        }
        var place = [Int](repeating: -1, count: runs.count)
        var found: [Region] = []
        for key in runs.indices where roots[key] == key {
            let width = maxX[key] - minX[key], height = Double(maxY[key] - minY[key] + 1)
            guard width >= least, height >= least, width <= most, height <= most,
                max(width, height) <= aspect * min(width, height)
            else { continue }
            place[key] = found.count
            found.append(Region(runs: [], minX: minX[key], maxX: maxX[key], minY: minY[key], maxY: maxY[key], area: area[key]))
        }
        guard !found.isEmpty else { return [] }
        for (index, run) in runs.enumerated() {
            let at = place[roots[index]]
            if at >= 0 { found[at].runs.append(run) }
        }
        return found
    }

    /// Whether the pixels just outside `region`'s box (a ring `gap` pixels out) are light:
    /// at most `share` of the ring's length lies on dark runs of any region.
    func isClear(around region: Region, gap: Double, share: Double) -> Bool {
        let left = region.minX - gap, right = region.maxX + gap
        let top = Int((Double(region.minY) - gap).rounded(.down)), bottom = Int((Double(region.maxY) + gap).rounded(.up))
        var dark = 0.0, length = 0.0
        let starts = rowStarts + [runs.count]
        for y in top...bottom {
            let edge = y == top || y == bottom
            length += edge ? right - left : 2
            guard y >= 0, y < starts.count - 1 else { continue }
            for index in starts[y]..<starts[y + 1] {
                let run = runs[index]
                if edge {
                    dark += max(0, min(run.end, right) - max(run.start, left))
                } else {
                    if run.start <= left && run.end > left - 1 { dark += 1 }
                    if run.start <= right + 1 && run.end > right { dark += 1 }
                }
            }
        }
        return dark <= share * length
    }
}
