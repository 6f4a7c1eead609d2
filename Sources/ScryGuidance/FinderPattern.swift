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
    static func find(in image: GrayImage) -> [FinderPattern] {
        guard image.width > 2 * reach + 2, image.height > 8 else { return [] }
        var candidates: [(x: Double, y: Double, module: Double)] = []
        let width = image.width
        var lowest = SlidingExtreme(count: width, reach: reach), highest = SlidingExtreme(count: width, reach: reach)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeBufferPointer(rebasing: pixels[(y * width)..<((y + 1) * width)])
                lowest.fill(from: row, highest: false)
                highest.fill(from: row, highest: true)
                // Runs: dark below the middle of the darkest and lightest pixels within
                // `reach`, light above it, and as before where those differ by less than
                // `runContrast` (inside a wide module or a blank). A run ends where the row
                // crosses that middle between two pixels. The last five runs' lengths and the
                // middle one's start, in pixels.
                var dark = false
                var start = 0.0, runs = 0
                var (l0, l1, l2, l3, l4) = (0.0, 0.0, 0.0, 0.0, 0.0)
                var (s2, s3, s4) = (0.0, 0.0, 0.0)
                lowest.values.withUnsafeBufferPointer { lows in
                    highest.values.withUnsafeBufferPointer { highs in
                        for x in 1..<width {
                            let low = Int(lows[x]), high = Int(highs[x])
                            guard high - low >= runContrast else { continue }
                            let doubled = low + high, value = Int(row[x])
                            let now = 2 * value < doubled
                            guard now != dark else { continue }
                            // Where the row crossed the middle, between x - 1 and x.
                            let before = 2 * Int(row[x - 1]), after = 2 * value
                            let share = before == after ? 0.5 : min(max(Double(before - doubled) / Double(before - after), 0), 1)
                            let edge = Double(x - 1) + share
                            (l0, l1, l2, l3, l4) = (l1, l2, l3, l4, edge - start)
                            (s2, s3, s4) = (s3, s4, start)
                            runs += 1
                            start = edge
                            dark = now
                            // A dark run just ended: the last five may be a finder's.
                            guard !dark, runs >= 6, let module = proportioned(l0, l1, l2, l3, l4, step: 1) else { continue }
                            let middle = s2 + l2 / 2
                            if crossesColumn(image, x: middle, y: y, module: module) {
                                candidates.append((middle, Double(y), module))
                            }
                        }
                    }
                }
            }
        }
        return clustered(candidates)
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

    /// Candidates within three modules of a pattern's running middle (its core is three
    /// across, the whole pattern seven) joined into it.
    private static func clustered(_ candidates: [(x: Double, y: Double, module: Double)]) -> [FinderPattern] {
        var sums: [(x: Double, y: Double, module: Double, rows: Int)] = []
        for candidate in candidates {
            if let index = sums.firstIndex(where: {
                abs($0.x / Double($0.rows) - candidate.x) < 3 * candidate.module
                    && abs($0.y / Double($0.rows) - candidate.y) < 3 * candidate.module
            }) {
                sums[index].x += candidate.x
                sums[index].y += candidate.y
                sums[index].module += candidate.module
                sums[index].rows += 1
            } else {
                sums.append((candidate.x, candidate.y, candidate.module, 1))
            }
        }
        return sums.map {
            let rows = Double($0.rows)
            return FinderPattern(center: PixelPoint(x: $0.x / rows, y: $0.y / rows), moduleSize: $0.module / rows, rows: $0.rows)
        }.sorted { $0.rows > $1.rows }
    }
}

/// The darkest (or lightest) of the pixels within `reach` places either side of each place
/// of a row, for the whole row at once: van Herk and Gil-Werman's running extremes, the row cut
/// into blocks of the window's width, each place's window spanning the end of one block
/// (suffix extremes) and the start of the next (prefix extremes).
private struct SlidingExtreme {
    var values: [UInt8]
    private var prefix: [UInt8], suffix: [UInt8]
    let reach: Int

    init(count: Int, reach: Int) {
        self.reach = reach
        let window = 2 * reach + 1
        let padded = (count + 2 * reach + window - 1) / window * window
        values = [UInt8](repeating: 0, count: count)
        prefix = [UInt8](repeating: 0, count: padded)
        suffix = [UInt8](repeating: 0, count: padded)
    }

    mutating func fill(from row: UnsafeBufferPointer<UInt8>, highest: Bool) {
        let count = row.count, window = 2 * reach + 1, padded = prefix.count, reach = reach
        prefix.withUnsafeMutableBufferPointer { prefix in
            suffix.withUnsafeMutableBufferPointer { suffix in
                values.withUnsafeMutableBufferPointer { values in
                    // The row padded at both ends with its end pixels.
                    @inline(__always) func at(_ index: Int) -> UInt8 { row[min(max(index - reach, 0), count - 1)] }
                    @inline(__always) func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { highest ? max(a, b) : min(a, b) }
                    var block = 0
                    while block < padded {
                        prefix[block] = at(block)
                        for index in (block + 1)..<(block + window) { prefix[index] = pick(prefix[index - 1], at(index)) }
                        suffix[block + window - 1] = at(block + window - 1)
                        for index in stride(from: block + window - 2, through: block, by: -1) {
                            suffix[index] = pick(suffix[index + 1], at(index))
                        }
                        block += window
                    }
                    // Place x's window is padded places x to x + 2 reach.
                    for x in 0..<count { values[x] = pick(suffix[x], prefix[x + window - 1]) }
                }
            }
        }
    }
}
