import ScryCore
/// Local contrast normalization: each pixel is stretched between the darkest and lightest
/// pixels around it, so faded or unevenly lit print becomes dark ink on white paper.
///
/// For a pixel, the darkest and lightest values in the `window` x `window` square centred on
/// it are found, and both are then averaged over another such square, so the stretch changes
/// smoothly (both on a grid of cells; see `apply`). With
/// `range = max(light - dark, minimumRange)`, the pixel maps to
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
        var cellMinimum = [Float](repeating: 255, count: columns * rows)
        var cellMaximum = [Float](repeating: 0, count: columns * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let rowStart = (y / cell) * columns
                for x in 0..<width {
                    let value = Float(pixels[y * width + x]), index = rowStart + x / cell
                    cellMinimum[index] = min(cellMinimum[index], value)
                    cellMaximum[index] = max(cellMaximum[index], value)
                }
            }
        }
        let cells = max(1, window / cell)
        let before = cells / 2, after = cells - 1 - before
        let grid = CellGrid(columns: columns, rows: rows, before: before, after: after)
        let dark = grid.windowed(grid.windowed(cellMinimum, CellGrid.minimum), CellGrid.mean)
        let light = grid.windowed(grid.windowed(cellMaximum, CellGrid.maximum), CellGrid.mean)
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
}

/// A grid of `columns` x `rows` cells (row-major) and a window from `before` to `after` cells
/// on either side of a cell, clipped at the grid's edges.
struct CellGrid {
    let columns: Int, rows: Int, before: Int, after: Int

    /// `values` with each replaced by `reduce` over its window: along rows, then along columns.
    /// Exact for the minimum, the maximum and the mean, which separate that way (a clipped
    /// window is still a rectangle).
    func windowed(_ values: [Float], _ reduce: (ArraySlice<Float>) -> Float) -> [Float] {
        var alongRows = values
        for row in 0..<rows {
            let line = values[(row * columns)..<((row + 1) * columns)]
            for column in 0..<columns { alongRows[row * columns + column] = reduce(window(line, at: column)) }
        }
        var result = alongRows
        for column in 0..<columns {
            let line = ArraySlice((0..<rows).map { alongRows[$0 * columns + column] })
            for row in 0..<rows { result[row * columns + column] = reduce(window(line, at: row)) }
        }
        return result
    }

    private func window(_ line: ArraySlice<Float>, at index: Int) -> ArraySlice<Float> {
        let start = line.startIndex
        return line[(start + max(0, index - before))...(start + min(line.count - 1, index + after))]
    }

    static func minimum(_ window: ArraySlice<Float>) -> Float { window.min()! }
    static func maximum(_ window: ArraySlice<Float>) -> Float { window.max()! }
    static func mean(_ window: ArraySlice<Float>) -> Float { window.reduce(0, +) / Float(window.count) }
}
