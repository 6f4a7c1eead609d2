import ScryCore

/// zxing-cpp 3.1.1's local-average binarization (its `LocalAverage` binarizer, as its matrix
/// code and PDF417 detectors see an image), made here so that a reader can be given the
/// result in black and white (`ZXingReader`): the same bits, so the same readings, in about
/// a fifth of the time zxing-cpp takes to make them when built by Debian 12's GCC 12, which
/// leaves its block loops a byte at a time (docs/barcode-benchmark.md).
///
/// The rule, in 8x8 pixel blocks (a block past the image's right or bottom edge is moved back
/// inside it, overlapping the one before):
/// 1. A block's threshold is the middle of its darkest and lightest pixel where they are more
///    than `minimumContrast` apart, else none (0).
/// 2. Each block's threshold becomes the mean of the thresholds there are in the 5x5 blocks
///    around it (the window moved inside the image at its edges), its own counted twice.
/// 3. A block left with none takes the next block's that has one, in reading order (the last
///    ones, the one before them).
/// 4. A pixel at or below its block's threshold is black.
///
/// Where no block has contrast zxing-cpp turns to its global histogram instead, and so does
/// a reader here (`binarized` is nil).
public enum LocalAverageBinarization {
    /// The side of a block, in pixels.
    public static let blockSize = 8
    /// How far apart a block's darkest and lightest pixels must be (more than this, in gray
    /// levels) for it to have a threshold of its own.
    public static let minimumContrast = 24
    /// The blocks each side of a block whose thresholds are averaged into its own.
    public static let windowRadius = 2
    /// The least width and height the rule applies to (a window of blocks).
    public static var smallestSide: Int { blockSize * (2 * windowRadius + 1) }

    /// `image` in black (0) and white (255) by the rule above, or nil where zxing-cpp would
    /// not use it: an image narrower or shorter than `smallestSide`, or one in which no block
    /// has contrast.
    public static func binarized(_ image: GrayImage) -> GrayImage? {
        guard image.width >= smallestSide, image.height >= smallestSide,
            let thresholds = smoothedThresholds(of: image)
        else { return nil }
        return thresholded(image, by: thresholds)
    }

    /// Thresholds for each block, in rows of `blockColumns(of:)`.
    struct BlockThresholds {
        let columns: Int
        let rows: Int
        var values: [UInt8]
    }

    static func blockColumns(of width: Int) -> Int { (width + blockSize - 1) / blockSize }

    /// The left (or top) pixel of block `index` along a side of `length` pixels.
    private static func blockStart(_ index: Int, length: Int) -> Int { min(index * blockSize, length - blockSize) }

    /// Step 1: each block's own threshold, 0 where it has too little contrast.
    static func blockThresholds(of image: GrayImage) -> BlockThresholds {
        let columns = blockColumns(of: image.width), rows = blockColumns(of: image.height)
        var values = [UInt8](repeating: 0, count: columns * rows)
        let width = image.width, height = image.height
        image.pixels.withUnsafeBytes { source in
            values.withUnsafeMutableBufferPointer { values in
                for row in 0..<rows {
                    let top = blockStart(row, length: height)
                    for column in 0..<columns {
                        let left = blockStart(column, length: width)
                        var darkest = SIMD8<UInt8>(repeating: 255), lightest = SIMD8<UInt8>(repeating: 0)
                        for line in 0..<blockSize {
                            let pixels = source.loadUnaligned(fromByteOffset: (top + line) * width + left, as: SIMD8<UInt8>.self)
                            darkest = pointwiseMin(darkest, pixels)
                            lightest = pointwiseMax(lightest, pixels)
                        }
                        let low = Int(darkest.min()), high = Int(lightest.max())
                        values[row * columns + column] = high - low > minimumContrast ? UInt8((high + low) / 2) : 0
                    }
                }
            }
        }
        return BlockThresholds(columns: columns, rows: rows, values: values)
    }

    /// Steps 2 and 3: the thresholds averaged over each block's window and the gaps filled;
    /// nil where no block has a threshold.
    static func smoothedThresholds(of image: GrayImage) -> BlockThresholds? {
        let own = blockThresholds(of: image)
        guard own.values.contains(where: { $0 > 0 }) else { return nil }
        let columns = own.columns, rows = own.rows, radius = windowRadius
        // The sums and counts of the thresholds over each window of 2 * radius + 1 rows of
        // blocks, column by column, then over as many of those columns: the windows centred
        // on blocks radius..<(columns - radius) and radius..<(rows - radius), where the edge
        // blocks' windows are moved.
        var smoothed = [UInt8](repeating: 0, count: columns * rows)
        // sum / count, rounded down, as (sum * reciprocal) >> 18, the reciprocal 2^18 / count
        // rounded up: exact while sum * count < 2^18, and a window's sum is at most 255 for each
        // of its 27 counts (6,885 * 27 = 185,895). No count, no threshold.
        let reciprocals = [UInt32(0)] + (1...(2 * radius + 1) * (2 * radius + 1) + 2).map { ((1 << 18) + $0 - 1) / $0 }.map(UInt32.init)
        var columnSums = [Int32](repeating: 0, count: columns), columnCounts = [Int32](repeating: 0, count: columns)
        own.values.withUnsafeBufferPointer { values in
            smoothed.withUnsafeMutableBufferPointer { smoothed in
                columnSums.withUnsafeMutableBufferPointer { columnSums in
                    columnCounts.withUnsafeMutableBufferPointer { columnCounts in
                        for row in 0..<rows {
                            let centreRow = min(max(row, radius), rows - radius - 1)
                            // Rows of blocks sharing a window share its column sums.
                            if row == 0 || centreRow != min(max(row - 1, radius), rows - radius - 1) {
                                for column in 0..<columns {
                                    columnSums[column] = 0
                                    columnCounts[column] = 0
                                }
                                for dy in -radius...radius {
                                    let line = (centreRow + dy) * columns
                                    for column in 0..<columns {
                                        let value = Int32(values[line + column])
                                        columnSums[column] &+= value
                                        columnCounts[column] &+= value > 0 ? 1 : 0
                                    }
                                }
                            }
                            var windowSum: Int32 = 0, windowCount: Int32 = 0
                            for column in 0..<(2 * radius + 1) {
                                windowSum &+= columnSums[column]
                                windowCount &+= columnCounts[column]
                            }
                            var centreColumn = radius
                            for column in 0..<columns {
                                let wanted = min(max(column, radius), columns - radius - 1)
                                if wanted != centreColumn {
                                    windowSum &+= columnSums[wanted + radius] &- columnSums[centreColumn - radius]
                                    windowCount &+= columnCounts[wanted + radius] &- columnCounts[centreColumn - radius]
                                    centreColumn = wanted
                                }
                                let mine = Int32(values[row * columns + column])
                                let sum = 2 &* mine &+ windowSum
                                let count = (mine > 0 ? 2 : 0) &+ windowCount
                                smoothed[row * columns + column] = UInt8(truncatingIfNeeded: (UInt32(truncatingIfNeeded: sum) &* reciprocals[Int(truncatingIfNeeded: count)]) >> 18)
                            }
                        }
                    }
                }
            }
        }
        // Step 3: a gap takes the next threshold in reading order; the gap at the end, the last.
        guard let lastSet = smoothed.lastIndex(where: { $0 > 0 }) else { return nil }
        smoothed.withUnsafeMutableBufferPointer { smoothed in
            for index in (lastSet + 1)..<smoothed.count { smoothed[index] = smoothed[lastSet] }
            var next = smoothed[lastSet]
            for index in stride(from: lastSet, through: 0, by: -1) {
                if smoothed[index] > 0 { next = smoothed[index] } else { smoothed[index] = next }
            }
        }
        return BlockThresholds(columns: columns, rows: rows, values: smoothed)
    }

    /// Step 4: each pixel black (0) at or below its block's threshold, else white (255).
    /// Where blocks overlap, the later block's threshold holds, as zxing-cpp writes them in
    /// reading order.
    static func thresholded(_ image: GrayImage, by thresholds: BlockThresholds) -> GrayImage {
        let width = image.width, height = image.height, columns = thresholds.columns
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { target, count in
            image.pixels.withUnsafeBytes { source in
                thresholds.values.withUnsafeBufferPointer { values in
                    let out = UnsafeMutableRawBufferPointer(target)
                    let white = SIMD8<UInt8>(repeating: 255), whites = SIMD16<UInt8>(repeating: 255)
                    for y in 0..<height {
                        let blockRow = y >= height - blockSize ? thresholds.rows - 1 : y / blockSize
                        let line = y * width, thresholdRow = blockRow * columns
                        // Two blocks at a time where both are whole and in place, then the rest.
                        var column = 0
                        while column + 1 < columns, (column + 2) * blockSize <= width {
                            let left = column * blockSize
                            let threshold = SIMD16<UInt8>(
                                lowHalf: SIMD8(repeating: values[thresholdRow + column]),
                                highHalf: SIMD8(repeating: values[thresholdRow + column + 1]))
                            let pixels = source.loadUnaligned(fromByteOffset: line + left, as: SIMD16<UInt8>.self)
                            out.storeBytes(
                                of: whites.replacing(with: 0, where: pixels .<= threshold), toByteOffset: line + left,
                                as: SIMD16<UInt8>.self)
                            column += 2
                        }
                        while column < columns {
                            let left = blockStart(column, length: width)
                            let threshold = SIMD8<UInt8>(repeating: values[thresholdRow + column])
                            let pixels = source.loadUnaligned(fromByteOffset: line + left, as: SIMD8<UInt8>.self)
                            out.storeBytes(
                                of: white.replacing(with: 0, where: pixels .<= threshold), toByteOffset: line + left,
                                as: SIMD8<UInt8>.self)
                            column += 1
                        }
                    }
                }
            }
            count = width * height
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
