import ScryCore

/// One of a QR code's three finder patterns seen in a frame: a dark square ring around a dark
/// square core, so that a line through its middle crosses dark, light, dark, light and dark
/// runs of 1, 1, 3, 1 and 1 modules, along a row and down a column alike (ISO/IEC 18004's
/// 1:1:3:1:1). Looked for as zxing's finder does, along every row, with each run's ends placed
/// between pixels where the row crosses its threshold, so that a module of a pixel still
/// gives runs in proportion.
struct FinderPattern: Equatable {
    /// Its middle, in the image's pixel space (origin top-left, y down).
    var center: PixelPoint
    /// One module's width in pixels: the pattern's width along a row over 7, averaged over
    /// the rows that crossed it.
    var moduleSize: Double
    /// How many rows crossed its core with the five runs in proportion.
    var rows: Int

    /// A pixel is compared with the middle of the darkest and lightest pixels this many
    /// pixels either side: a finder's core and rings at modules up to 2 px.
    static let reach = 6
    /// The least difference between those darkest and lightest pixels (of 255) for a pixel to
    /// start a dark or a light run.
    static let runContrast = 40
    /// Modules narrower or wider than these (in pixels) are not looked for: under a pixel a
    /// finder's rings blur into one, and codes with modules wider than 8 px are read.
    static let smallestModule = 0.8, widestModule = 8.0
    /// How far a 1-module run may be from a module (a share of one): under 2 px a module's
    /// blur takes a thin ring's edges, and the three finders' grid checks what this lets by.
    static let runTolerance = 0.75
    /// Down a column, the five runs must be this much darker and lighter, end to end (of 255).
    static let leastColumnContrast = 20.0

    /// The finder patterns in `image`, those seen on most rows first.
    static func find(in image: GrayImage) -> [FinderPattern] { CodeMarks.find(in: image).finders }

    /// The crossing `runs` show where their newest run, dark, ends a finder's five runs in
    /// proportion and the column through the middle one crosses the same pattern; else nil.
    static func crossing(_ runs: RowRuns, y: Int, in image: GrayImage) -> MarkCrossing? {
        guard runs.newestIsDark, runs.count >= 6,
            let module = proportioned(runs.length(4), runs.length(3), runs.length(2), runs.length(1), runs.length(0), step: 1)
        else { return nil }
        let middle = runs.start(2) + runs.length(2) / 2
        return crossesColumn(image, x: middle, y: y, module: module) ? MarkCrossing(x: middle, y: Double(y), module: module) : nil
    }

    /// The module width in pixels when `runs` (dark, light, dark, light, dark; lengths in
    /// samples) are in proportion 1:1:3:1:1, each 1-module run within `runTolerance` modules
    /// and the core within 1.5 times that; else nil.
    static func proportioned(_ d0: Double, _ l1: Double, _ core: Double, _ l3: Double, _ d4: Double, step: Double) -> Double? {
        let module = (d0 + l1 + core + l3 + d4) / 7
        guard module >= smallestModule * step, module <= widestModule * step else { return nil }
        let one = runTolerance * module
        guard abs(d0 - module) <= one, abs(l1 - module) <= one, abs(l3 - module) <= one, abs(d4 - module) <= one,
            abs(core - 3 * module) <= 1.5 * one
        else { return nil }
        return module / step
    }

    /// Whether the column through (x, y) crosses the same pattern: from the dark pixel at
    /// (x, y), three ends of runs up and three down (placed between pixels where the column
    /// crosses the middle of its darkest and lightest within five modules), in proportion,
    /// with a module within 0.6 to 1.6 times `module`.
    private static func crossesColumn(_ image: GrayImage, x: Double, y: Int, module: Double) -> Bool {
        let reach = Int(5 * module + 2)
        let column = Int(x.rounded())
        guard y - reach >= 0, y + reach < image.height, column >= 0, column < image.width else { return false }
        return image.pixels.withUnsafeBufferPointer { pixels -> Bool in
            let width = image.width
            @inline(__always) func at(_ row: Int) -> Int { Int(pixels[row * width + column]) }
            var lowest = 255, highest = 0
            for row in (y - reach)...(y + reach) {
                lowest = min(lowest, at(row))
                highest = max(highest, at(row))
            }
            guard Double(highest - lowest) >= leastColumnContrast else { return false }
            let doubled = lowest + highest
            @inline(__always) func isDark(_ row: Int) -> Bool { 2 * at(row) < doubled }
            guard isDark(y) else { return false }
            // The first three crossings from y going `direction` (+1 down, -1 up), as
            // distances from y.
            func crossings(_ direction: Int) -> (Double, Double, Double)? {
                var found: [Double] = []
                found.reserveCapacity(3)
                var row = y, dark = true
                while found.count < 3 {
                    let next = row + direction
                    guard next >= y - reach, next <= y + reach else { return nil }
                    if isDark(next) != dark {
                        let before = 2 * at(row), after = 2 * at(next)
                        let share = before == after ? 0.5 : min(max(Double(before - doubled) / Double(before - after), 0), 1)
                        found.append(Double(row - y) * Double(direction) + share)
                        dark.toggle()
                    }
                    row = next
                }
                return (found[0], found[1], found[2])
            }
            guard let up = crossings(-1), let down = crossings(1),
                let across = proportioned(up.2 - up.1, up.1 - up.0, up.0 + down.0, down.1 - down.0, down.2 - down.1, step: 1)
            else { return false }
            return across >= 0.6 * module && across <= 1.6 * module
        }
    }

    /// Crossings within three modules of a pattern's running middle (its core is three
    /// across, the whole pattern seven) joined into it, those seen on most rows first.
    static func clustered(_ crossings: [MarkCrossing]) -> [FinderPattern] {
        MarkCrossing.clustered(crossings, within: 3).map {
            FinderPattern(center: $0.center, moduleSize: $0.moduleSize, rows: $0.rows)
        }
    }
}
