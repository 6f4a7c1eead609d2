import ScryCore

/// How tall a linear code's bars stand, for an outline that only marks the line a reader
/// scanned (zxing-cpp reports a linear code as the few rows it read). From the outline's
/// middle line, the bars' profile across the code is compared with the profile one pixel
/// further up, then further down, and so on: while the two still agree (a normalized
/// correlation of at least 0.6), the rows still cross the same bars.
enum LinearCodeExtent {
    /// The least correlation of a row's profile with the middle one for the row to count as
    /// crossing the same bars.
    static let agreement = 0.6

    /// Whether `symbology` is a code of bars in one row (not stacked, not two-dimensional).
    static func isLinear(_ symbology: Symbology) -> Bool {
        switch symbology {
        case .codabar, .code_39, .code_32, .pzn, .code_93, .code_128, .databar, .databar_limited, .databar_expanded,
            .dx_film_edge, .ean_8, .ean_13, .ean_2, .ean_5, .itf, .itf_14, .telepen, .upc_a, .upc_e:
            true
        default: false
        }
    }

    /// `corners` (clockwise from the top-left, along the bars' row first) grown up and down
    /// to as far as the bars reach in `image`; as they are when they are no thin outline (at
    /// least a third as tall as long) or the bars cannot be followed.
    static func outline(_ corners: [PixelPoint], in image: GrayImage) -> [PixelPoint] {
        guard corners.count == 4 else { return corners }
        let top = (corners[0], corners[1]), bottom = (corners[3], corners[2])
        let start = PixelPoint(x: (top.0.x + bottom.0.x) / 2, y: (top.0.y + bottom.0.y) / 2)
        let end = PixelPoint(x: (top.1.x + bottom.1.x) / 2, y: (top.1.y + bottom.1.y) / 2)
        let length = start.distance(to: end)
        let height = max(corners[0].distance(to: corners[3]), corners[1].distance(to: corners[2]))
        guard length >= 8, height < length / 3 else { return corners }
        // Along the row, and across it (pointing down the image for a code the right way up).
        let along = PixelPoint(x: (end.x - start.x) / length, y: (end.y - start.y) / length)
        let across = PixelPoint(x: -along.y, y: along.x)
        let samples = Int(length.rounded())
        func profile(at offset: Double, shift: Double = 0) -> [Double]? {
            var values: [Double] = []
            values.reserveCapacity(samples)
            for index in 0..<samples {
                let t = Double(index) + 0.5 + shift
                let x = start.x + along.x * t + across.x * offset, y = start.y + along.y * t + across.y * offset
                guard x >= 0, y >= 0, x < Double(image.width), y < Double(image.height) else { return nil }
                values.append(Double(image[Int(x), Int(y)]))
            }
            return values
        }
        guard let middle = profile(at: 0) else { return corners }
        // How far the bars reach each way, a row at a time, at least the outline's own half.
        // Bars seen askew drift along the row from one row to the next: each row is compared
        // at the drift (within half a pixel either way of the last row's) that agrees best.
        var reach: [(offset: Double, shift: Double)] = []
        for direction in [-1.0, 1.0] {
            var offset = 0.0, shift = 0.0
            let limit = length  // no code's bars are taller than it is long
            while offset + 1 <= limit {
                var best: (score: Double, shift: Double)?
                for step in [0.0, -0.5, 0.5] {
                    guard let row = profile(at: direction * (offset + 1), shift: shift + step) else { continue }
                    let score = correlation(middle, row)
                    if score > (best?.score ?? -1) { best = (score, shift + step) }
                }
                guard let best, best.score >= agreement else { break }
                offset += 1
                shift = best.shift
            }
            reach.append(offset >= height / 2 ? (offset, shift) : (height / 2, 0))
        }
        func moved(_ point: PixelPoint, by distance: Double, along shift: Double) -> PixelPoint {
            PixelPoint(
                x: point.x + across.x * distance + along.x * shift, y: point.y + across.y * distance + along.y * shift)
        }
        return [
            moved(start, by: -reach[0].offset, along: reach[0].shift), moved(end, by: -reach[0].offset, along: reach[0].shift),
            moved(end, by: reach[1].offset, along: reach[1].shift), moved(start, by: reach[1].offset, along: reach[1].shift),
        ]
    }

    /// Pearson's correlation of two profiles of the same length (0 for a flat one).
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let count = Double(a.count)
        guard count > 1 else { return 0 }
        let meanA = a.reduce(0, +) / count, meanB = b.reduce(0, +) / count
        var product = 0.0, squaresA = 0.0, squaresB = 0.0
        for (x, y) in zip(a, b) {
            product += (x - meanA) * (y - meanB)
            squaresA += (x - meanA) * (x - meanA)
            squaresB += (y - meanB) * (y - meanB)
        }
        guard squaresA > 0, squaresB > 0 else { return 0 }
        return product / (squaresA * squaresB).squareRoot()
    }
}
