import ScryCore

/// How a frame is lit, from its gray levels (every `step`-th pixel of every `step`-th row):
/// how bright its brighter parts are, how much of it is burnt out, and whether the burnt-out
/// part is a patch (a lamp's reflection on glossy paper) rather than specks, fading into its
/// surroundings as a reflection does rather than ending at an edge as white paper does.
public struct FrameLevels: Sendable, Equatable {
    /// The median gray level, 0-255.
    public var median: Int
    /// The gray level 95% of the pixels are at or below: under about 100, even the page's
    /// white is dim.
    public var bright: Int
    /// The share of pixels at `saturated` or above, 0-1.
    public var saturatedShare: Double
    /// The share of the frame's cells (`cellSize` pixels square) that are mostly (`patchShare`)
    /// saturated, 0-1: a patch of glare covers whole cells, bright specks or thin white lines
    /// do not.
    public var saturatedCellShare: Double
    /// In the cells around the saturated ones (not themselves saturated), the share of pixels
    /// bright but not burnt out (`halo` up to `saturated`), 0-1; 0 without saturated cells. A
    /// reflection fades through these levels; a white label on a darker desk steps from
    /// white to the desk's level.
    public var haloShare: Double

    public init(median: Int, bright: Int, saturatedShare: Double, saturatedCellShare: Double, haloShare: Double) {
        self.median = median
        self.bright = bright
        self.saturatedShare = saturatedShare
        self.saturatedCellShare = saturatedCellShare
        self.haloShare = haloShare
    }

    /// The level a pixel counts as burnt out at.
    public static let saturated: UInt8 = 250
    /// The least level of a reflection's fading edge.
    public static let halo: UInt8 = 200
    /// The side of a cell, in pixels.
    public static let cellSize = 32
    /// The share of a cell's pixels that makes it saturated.
    public static let patchShare = 0.6
    /// Every `step`-th pixel of every `step`-th row is counted.
    public static let step = 2

    /// The levels of `image`; an empty image's are all 0.
    public static func measure(_ image: GrayImage) -> FrameLevels {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return FrameLevels(median: 0, bright: 0, saturatedShare: 0, saturatedCellShare: 0, haloShare: 0) }
        var histogram = [Int](repeating: 0, count: 256)
        let columns = (width + cellSize - 1) / cellSize, rows = (height + cellSize - 1) / cellSize
        var cellSaturated = [Int](repeating: 0, count: columns * rows)
        var cellCounted = [Int](repeating: 0, count: columns * rows)
        var cellHalo = [Int](repeating: 0, count: columns * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: 0, to: height, by: step) {
                let row = y * width, cellRow = (y / cellSize) * columns
                for x in stride(from: 0, to: width, by: step) {
                    let level = pixels[row + x]
                    histogram[Int(level)] += 1
                    let cell = cellRow + x / cellSize
                    cellCounted[cell] += 1
                    if level >= saturated {
                        cellSaturated[cell] += 1
                    } else if level >= halo {
                        cellHalo[cell] += 1
                    }
                }
            }
        }
        let total = histogram.reduce(0, +)
        func level(atShare share: Double) -> Int {
            let wanted = Int((Double(total) * share).rounded(.up))
            var seen = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if seen >= wanted { return level }
            }
            return 255
        }
        let saturatedCount = histogram[Int(saturated)...].reduce(0, +)
        // Cells cut by the image's right or bottom edge count when they hold at least a
        // quarter of a whole cell's pixels.
        let wholeCell = (cellSize / step) * (cellSize / step)
        var cells = 0, patchCells = 0
        var isPatch = [Bool](repeating: false, count: columns * rows)
        for index in cellCounted.indices where cellCounted[index] * 4 >= wholeCell {
            cells += 1
            if Double(cellSaturated[index]) >= patchShare * Double(cellCounted[index]) {
                patchCells += 1
                isPatch[index] = true
            }
        }
        // The ring of cells around the patches.
        var ringPixels = 0, ringHalo = 0
        for row in 0..<rows {
            for column in 0..<columns where !isPatch[row * columns + column] {
                var touchesPatch = false
                for neighbourRow in max(0, row - 1)...min(rows - 1, row + 1) {
                    for neighbourColumn in max(0, column - 1)...min(columns - 1, column + 1)
                    where isPatch[neighbourRow * columns + neighbourColumn] {
                        touchesPatch = true
                    }
                }
                guard touchesPatch else { continue }
                ringPixels += cellCounted[row * columns + column]
                ringHalo += cellHalo[row * columns + column]
            }
        }
        return FrameLevels(
            median: level(atShare: 0.5), bright: level(atShare: 0.95),
            saturatedShare: Double(saturatedCount) / Double(total),
            saturatedCellShare: cells == 0 ? 0 : Double(patchCells) / Double(cells),
            haloShare: ringPixels == 0 ? 0 : Double(ringHalo) / Double(ringPixels))
    }
}
