import ScryCore

/// A row crossing the middle of a code's mark (a QR finder, an Aztec bullseye): where, at
/// which row, and the module its runs measure, in pixels of the image (origin top-left, y
/// down).
struct MarkCrossing {
    var x: Double, y: Double, module: Double

    /// One mark seen on several rows: its middle and module averaged over them.
    struct Mark {
        var center: PixelPoint
        var moduleSize: Double
        var rows: Int
    }

    /// `crossings` within `modules` modules (each crossing's) of a mark's running middle
    /// joined into it; the marks seen on most rows first.
    static func clustered(_ crossings: [MarkCrossing], within modules: Double) -> [Mark] {
        var sums: [(x: Double, y: Double, module: Double, rows: Int)] = []
        for crossing in crossings {
            if let index = sums.firstIndex(where: {
                abs($0.x / Double($0.rows) - crossing.x) < modules * crossing.module
                    && abs($0.y / Double($0.rows) - crossing.y) < modules * crossing.module
            }) {
                sums[index].x += crossing.x
                sums[index].y += crossing.y
                sums[index].module += crossing.module
                sums[index].rows += 1
            } else {
                sums.append((crossing.x, crossing.y, crossing.module, 1))
            }
        }
        return sums.map {
            let rows = Double($0.rows)
            return Mark(center: PixelPoint(x: $0.x / rows, y: $0.y / rows), moduleSize: $0.module / rows, rows: $0.rows)
        }.sorted { $0.rows > $1.rows }
    }
}
