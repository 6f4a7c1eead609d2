/// Local contrast normalization: each pixel is stretched between the darkest and lightest
/// pixels around it, so faded or unevenly lit print becomes dark ink on white paper.
///
/// For a pixel, the darkest and lightest values in the `window` x `window` square centred on
/// it are found, and both are then averaged over another such square (so the stretch changes
/// smoothly; both on a grid of cells, see `apply`). With `range = max(light - dark, minimumRange)`, the pixel maps to
/// `1 - (light - value) / range`, clamped to 0...1, raised to the power 1.5 (which darkens
/// the faint strokes' gray), times 255. Where the neighbourhood holds no ink (light and dark
/// closer than `minimumRange`), the stretch is limited and anchored at the light end, so
/// paper stays white and its texture is not blown up into ink.
///
/// A thermal receipt faded to gray (ink 180 on paper 240) next to one black number is lost
/// to a global threshold, which puts all of the faded print on the paper's side; after this
/// normalization its strokes are as dark as the number's.
public struct LocalContrastNormalization: Sendable, Equatable {
    /// The side of the square neighbourhood, in pixels: a few text lines.
    public var window: Int
    /// The smallest range of values stretched to the full 0...255.
    public var minimumRange: Int

    public init(window: Int = 80, minimumRange: Int = 60) {
        precondition(window >= 1 && minimumRange >= 1, "LocalContrastNormalization: bad parameters")
        self.window = window
        self.minimumRange = minimumRange
    }

    /// The window for text whose lines are `lineHeight` pixels tall: four lines, and never
    /// below 80 px (chosen on the receipts of docs/text-benchmark.md among three, four and five
    /// lines).
    public static func window(forLineHeight lineHeight: Double?) -> Int {
        guard let lineHeight, lineHeight.isFinite, lineHeight > 0 else { return 80 }
        return max(80, Int((4 * lineHeight).rounded()))
    }

    /// `image` normalized, the same size.
    ///
    /// The darkest and lightest values are found on a grid of cells an eighth of the window
    /// wide (each cell's minimum and maximum, then the window's in cells, then their mean over
    /// the window), and read at each pixel by bilinear interpolation between cell centres. The
    /// maps are smooth by construction, so the grid loses nothing that matters, and the cost
    /// beyond one pass over the pixels is that of an image 64 times smaller.
    public func apply(to image: GrayImage) -> GrayImage {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return image }
        let cell = max(1, window / 8)
        let columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell
        var cellMinimum = [UInt8](repeating: 255, count: columns * rows)
        var cellMaximum = [UInt8](repeating: 0, count: columns * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let rowStart = (y / cell) * columns
                for x in 0..<width {
                    let value = pixels[y * width + x], index = rowStart + x / cell
                    cellMinimum[index] = min(cellMinimum[index], value)
                    cellMaximum[index] = max(cellMaximum[index], value)
                }
            }
        }
        let cells = max(1, window / cell)
        let before = cells / 2, after = cells - 1 - before
        let dark = Self.smoothed(
            Self.extremum(GrayImage(width: columns, height: rows, pixels: cellMinimum), before: before, after: after, pick: min),
            before: before, after: after)
        let light = Self.smoothed(
            Self.extremum(GrayImage(width: columns, height: rows, pixels: cellMaximum), before: before, after: after, pick: max),
            before: before, after: after)
        // The stretched value 0...1 in 1/1024 steps, raised to the power 1.5.
        let steps = 1024
        let curve = (0...steps).map { step -> UInt8 in
            let value = Double(step) / Double(steps)
            return UInt8((value * value.squareRoot() * 255).rounded())
        }
        // Where each pixel falls between cell centres, per column: the left cell and the weight
        // of the right one.
        let horizontal = (0..<width).map { Self.between(position: $0, cell: cell, count: columns) }
        let minimumRange = Float(self.minimumRange)
        var output = [UInt8](repeating: 0, count: width * height)
        var darkRow = [Float](repeating: 0, count: columns), lightRow = [Float](repeating: 0, count: columns)
        output.withUnsafeMutableBufferPointer { output in
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<height {
                    let (top, down) = Self.between(position: y, cell: cell, count: rows)
                    let bottom = min(top + 1, rows - 1)
                    for column in 0..<columns {
                        darkRow[column] = dark[top * columns + column] * (1 - down) + dark[bottom * columns + column] * down
                        lightRow[column] = light[top * columns + column] * (1 - down) + light[bottom * columns + column] * down
                    }
                    for x in 0..<width {
                        let (left, right) = horizontal[x]
                        let next = min(left + 1, columns - 1)
                        let darkValue = darkRow[left] * (1 - right) + darkRow[next] * right
                        let lightValue = lightRow[left] * (1 - right) + lightRow[next] * right
                        // Stretched from `light - range` to `light`: paper stays white where
                        // there is no ink.
                        let range = max(lightValue - darkValue, minimumRange)
                        let value = Float(pixels[y * width + x])
                        let stretched = min(max((value - (lightValue - range)) / range, 0), 1)
                        output[y * width + x] = curve[Int(stretched * Float(steps))]
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// The cell whose centre is at or before pixel `position` (clamped to the grid) and how far
    /// the pixel lies towards the next centre, 0..<1.
    private static func between(position: Int, cell: Int, count: Int) -> (Int, Float) {
        let place = (Float(position) + 0.5) / Float(cell) - 0.5
        guard place > 0 else { return (0, 0) }
        let index = min(Int(place), count - 1)
        return index == count - 1 ? (index, 0) : (index, place - Float(index))
    }

    /// The mean of each value's neighbourhood from `before` to `after` cells on either side
    /// (clipped at the edges), by a summed-area table.
    static func smoothed(_ grid: GrayImage, before: Int, after: Int) -> [Float] {
        let sums = WindowSums(grid)
        var means = [Float](repeating: 0, count: grid.width * grid.height)
        for y in 0..<grid.height {
            let top = max(0, y - before), bottom = min(grid.height - 1, y + after)
            for x in 0..<grid.width {
                let left = max(0, x - before), right = min(grid.width - 1, x + after)
                let area = Float((bottom - top + 1) * (right - left + 1))
                means[y * grid.width + x] = Float(sums.sum(left, top, right, bottom)) / area
            }
        }
        return means
    }

    /// The minimum (or maximum, by `pick`) of each pixel's neighbourhood from `before` to
    /// `after` pixels on either side, in both directions, the window clipped at the image's
    /// edges: rows first, then columns, each by `slidingExtremum`'s blocks (the columns a whole
    /// row at a time).
    static func extremum(
        _ image: GrayImage, before: Int, after: Int, pick: (UInt8, UInt8) -> UInt8
    ) -> GrayImage {
        let width = image.width, height = image.height
        var rows = [UInt8](repeating: 0, count: width * height)
        var result = [UInt8](repeating: 0, count: width)
        for y in 0..<height {
            let row = Array(image.pixels[(y * width)..<((y + 1) * width)])
            slidingExtremum(row, count: width, before: before, after: after, pick: pick, into: &result)
            rows.replaceSubrange((y * width)..<((y + 1) * width), with: result)
        }
        // Columns: the same blocks, over whole rows. prefix row r holds the extremum of its
        // block's rows up to r, suffix row r of its rows from r on.
        let span = before + after + 1
        var prefix = rows, suffix = rows
        prefix.withUnsafeMutableBufferPointer { prefix in
            suffix.withUnsafeMutableBufferPointer { suffix in
                var start = 0
                while start < height {
                    let end = min(start + span, height)
                    for r in (start + 1)..<max(start + 1, end) {
                        for x in 0..<width { prefix[r * width + x] = pick(prefix[(r - 1) * width + x], prefix[r * width + x]) }
                    }
                    var r = end - 2
                    while r >= start {
                        for x in 0..<width { suffix[r * width + x] = pick(suffix[(r + 1) * width + x], suffix[r * width + x]) }
                        r -= 1
                    }
                    start = end
                }
            }
        }
        var both = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let low = max(0, y - before), high = min(height - 1, y + after)
            let (source, other) = blockParts(low: low, high: high, count: height, span: span)
            for x in 0..<width {
                let first = source == .suffix ? suffix[low * width + x] : prefix[high * width + x]
                both[y * width + x] = other ? pick(first, prefix[high * width + x]) : first
            }
        }
        return GrayImage(width: width, height: height, pixels: both)
    }

    private enum BlockPart { case prefix, suffix }

    /// Which running extremum answers the window `low...high`: the suffix at `low` (with the
    /// prefix at `high` too when the window spans two blocks), or the prefix at `high` alone.
    private static func blockParts(low: Int, high: Int, count: Int, span: Int) -> (BlockPart, Bool) {
        if low / span != high / span { return (.suffix, true) }
        // In one block: a window that is not clipped starts at the block's start; one clipped
        // at the end ends where the last block ends.
        if low % span == 0 { return (.prefix, false) }
        return (.suffix, false)
    }

    /// van Herk / Gil-Werman: the extremum (by `pick`) of `values[i - before ... i + after]`
    /// (clipped to `0..<count`) for every i, in three comparisons per value whatever the window.
    static func slidingExtremum(
        _ values: [UInt8], count: Int, before: Int, after: Int, pick: (UInt8, UInt8) -> UInt8,
        into result: inout [UInt8]
    ) {
        let span = before + after + 1
        // Running extremum from each block's start (prefix) and to its end (suffix), blocks of
        // `span` values; a window then covers the suffix of one block and the prefix of the next.
        var prefix = values, suffix = values
        var start = 0
        while start < count {
            let end = min(start + span, count)
            var i = start + 1
            while i < end {
                prefix[i] = pick(prefix[i - 1], values[i])
                i += 1
            }
            i = end - 2
            while i >= start {
                suffix[i] = pick(suffix[i + 1], values[i])
                i -= 1
            }
            start = end
        }
        for i in 0..<count {
            let low = max(0, i - before), high = min(count - 1, i + after)
            switch blockParts(low: low, high: high, count: count, span: span) {
            case (.suffix, true): result[i] = pick(suffix[low], prefix[high])
            case (.suffix, false): result[i] = suffix[low]
            case (.prefix, _): result[i] = prefix[high]
            }
        }
    }
}

/// Sums over rectangles of an 8-bit image in four lookups (a summed-area table). The table is
/// kept modulo 2^32: a rectangle's sum, below 2^32 for any window used here, comes out exact.
private struct WindowSums {
    let stride: Int
    var table: [UInt32]

    init(_ image: GrayImage) {
        stride = image.width + 1
        var table = [UInt32](repeating: 0, count: stride * (image.height + 1))
        for y in 0..<image.height {
            var rowSum: UInt32 = 0
            for x in 0..<image.width {
                rowSum &+= UInt32(image.pixels[y * image.width + x])
                table[(y + 1) * stride + x + 1] = table[y * stride + x + 1] &+ rowSum
            }
        }
        self.table = table
    }

    /// The sum of the pixels from (`left`, `top`) to (`right`, `bottom`), edges included.
    @inline(__always)
    func sum(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int) -> UInt32 {
        table[(bottom + 1) * stride + right + 1] &- table[top * stride + right + 1]
            &- table[(bottom + 1) * stride + left] &+ table[top * stride + left]
    }
}
