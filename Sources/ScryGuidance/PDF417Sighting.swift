import ScryCore

/// Where a gray image holds PDF417 codes, read or not: a column of start patterns and a
/// column of stop patterns (`PDF417Guard`) down the same rows (the code may be turned), of
/// like modules, far enough apart for a data column between them.
enum PDF417Sighting {
    /// Each column must be crossed by this many rows or more: two of the code's rows of three
    /// modules at a pixel a module.
    static let leastRows = 6
    /// The two columns' modules may differ by this factor at most.
    static let moduleSpread = 1.4
    /// The columns' outer edges at least this many modules apart: the start pattern, the left
    /// row indicator, one data column, the right one and the stop pattern.
    static let leastModulesAcross = 86.0
    /// The shorter column must overlap the other by this share of its height, down the rows or
    /// along the taller column where that one has `leastRowsForTurn` rows or more (a code
    /// turned a few degrees puts its stop column rows higher or lower than its start column).
    static let leastOverlap = 0.5, leastRowsForTurn = 20

    /// The PDF417 codes seen, each a pair of guard columns, the tallest first.
    static func find(columns: [PDF417Guard.Column]) -> [BarcodeSighting] {
        let tall = columns.filter { $0.rows >= leastRows }
        var used = Set<Int>()
        var codes: [BarcodeSighting] = []
        for (index, first) in tall.enumerated() where first.kind == .start && !used.contains(index) {
            // Read left to right the stop column lies right of the start column; upside down,
            // left of it.
            let partner = tall.indices.filter { other in
                let second = tall[other]
                guard !used.contains(other), second.kind == .stop, second.reversed == first.reversed,
                    max(first.moduleSize, second.moduleSize) <= moduleSpread * min(first.moduleSize, second.moduleSize)
                else { return false }
                let module = (first.moduleSize + second.moduleSize) / 2
                let apart = (second.top.x + second.bottom.x - first.top.x - first.bottom.x) / 2 * (first.reversed ? -1 : 1)
                // The columns overlap down the rows, or where the code is turned, along the
                // taller column's direction (from enough rows to tell it).
                let shorter = min(first.bottom.y - first.top.y, second.bottom.y - second.top.y)
                let overlap = min(first.bottom.y, second.bottom.y) - max(first.top.y, second.top.y)
                let taller = first.rows >= second.rows ? first : second
                let along = (x: taller.bottom.x - taller.top.x, y: taller.bottom.y - taller.top.y)
                let length = (along.x * along.x + along.y * along.y).squareRoot()
                let offset = taller.rows < leastRowsForTurn || length == 0 ? Double.infinity
                    : abs((second.top.x + second.bottom.x - first.top.x - first.bottom.x) / 2 * along.x
                        + (second.top.y + second.bottom.y - first.top.y - first.bottom.y) / 2 * along.y) / length
                let together = overlap >= leastOverlap * shorter || offset <= (1 - leastOverlap) * shorter
                return apart >= leastModulesAcross * module && together
            }.max { tall[$0].rows < tall[$1].rows }
            guard let partner else { continue }
            used.formUnion([index, partner])
            let second = tall[partner]
            let module = (first.moduleSize * Double(first.rows) + second.moduleSize * Double(second.rows))
                / Double(first.rows + second.rows)
            let (left, right) = first.reversed ? (second, first) : (first, second)
            let across = ((right.top.x + right.bottom.x - left.top.x - left.bottom.x) / 2 / module).rounded()
            codes.append(BarcodeSighting(
                kind: .pdf417, corners: [left.top, right.top, right.bottom, left.bottom], elements: Int(across),
                moduleSize: module))
        }
        return codes
    }
}
