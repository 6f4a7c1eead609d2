import ScryCore

/// The dark and light runs along the rows of a gray image, as zxing's finders see them: a
/// pixel is dark when under the middle of the darkest and lightest pixels within `reach`
/// either side, light above it, and as the pixel before where those differ by less than
/// `runContrast` (inside a wide module or a blank); each run ends between two pixels, where
/// the row crosses that middle, so that modules of a pixel keep their proportions. The
/// patterns codes are found by (`FinderPattern`, `AztecBullseye`, `PDF417Guard`) are looked
/// for in one pass over these runs. A class, so that the runs are handed to each pattern's
/// test at every edge without being copied.
final class RowRuns {
    /// How many of the latest runs are kept: the longest pattern looked for has nine.
    static let kept = 16
    private var lengths = InlineArray<16, Double>(repeating: 0)
    private var starts = InlineArray<16, Double>(repeating: 0)
    private var newest = 0
    /// Runs ended so far on this row (the first starts at the row's first pixel, so it is
    /// cut short).
    private(set) var count = 0
    /// Whether the newest run is dark.
    private(set) var newestIsDark = false

    /// The length in pixels of the run `back` runs before the newest (0: the newest).
    @inline(__always) func length(_ back: Int) -> Double { lengths[(newest - back) & (Self.kept - 1)] }
    /// Where that run starts, in pixels from the row's start.
    @inline(__always) func start(_ back: Int) -> Double { starts[(newest - back) & (Self.kept - 1)] }

    fileprivate func reset() {
        count = 0
        newestIsDark = false
    }

    fileprivate func append(start: Double, length: Double, dark: Bool) {
        newest = (newest + 1) & (Self.kept - 1)
        lengths[newest] = length
        starts[newest] = start
        count += 1
        newestIsDark = dark
    }

    /// Scans every row of `image`, calling `visit` with the row and its runs each time a run
    /// ends (the newest run is the one just ended).
    static func scan(_ image: GrayImage, reach: Int, runContrast: Int, _ visit: (_ y: Int, _ runs: RowRuns) -> Void) {
        guard image.width > 2 * reach + 2, image.height > 0 else { return }
        let width = image.width
        var lowest = SlidingExtreme(count: width, reach: reach), highest = SlidingExtreme(count: width, reach: reach)
        let runs = RowRuns()
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeBufferPointer(rebasing: pixels[(y * width)..<((y + 1) * width)])
                lowest.fill(from: row, highest: false)
                highest.fill(from: row, highest: true)
                runs.reset()
                var dark = false
                var start = 0.0
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
                            runs.append(start: start, length: edge - start, dark: dark)
                            start = edge
                            dark = now
                            visit(y, runs)
                        }
                    }
                }
            }
        }
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
