import ScryCore

/// How sharp a frame's edges are, whatever the frame shows: at each strong edge, the steepest
/// one-pixel step over the whole rise across six pixels. A step edge rises in one pixel (1.0;
/// about 0.5 when it falls between two pixels); a webcam's optics spread it over a pixel or
/// so (about 0.4); defocus or a moving camera over several (0.23 at a blur of 2 pixels, 0.17
/// and less when wider). The measure is the median over the frame's edges, in rows for edges
/// across x and in columns for edges across y, each direction on its own: a camera moving
/// sideways spreads the edges across x only.
///
/// Unlike `SharpnessMeter`'s Laplacian variance, it does not grow with the amount of print
/// in view or its contrast: one sharp code in a blank frame measures as sharp as a full page.
public struct EdgeSpread: Sendable, Equatable {
    /// The median ratio over edges across x (found in rows), nil when fewer than
    /// `minimumEdges` were found.
    public var acrossX: Double?
    /// The same over edges across y (found in columns).
    public var acrossY: Double?

    public init(acrossX: Double?, acrossY: Double?) {
        self.acrossX = acrossX
        self.acrossY = acrossY
    }

    /// The less sharp of the two directions that have edges enough; nil when neither has.
    public var ratio: Double? {
        switch (acrossX, acrossY) {
        case (let x?, let y?): min(x, y)
        case (let x?, nil): x
        case (nil, let y?): y
        case (nil, nil): nil
        }
    }

    /// The least rise, in gray levels over six pixels, that counts as an edge.
    public static let minimumRise = 40
    /// The fewest edges a direction needs for its median to mean something.
    public static let minimumEdges = 40
    /// Every `step`-th row and column is looked at.
    public static let step = 3

    /// The edges of `image` (every `step`-th row and column).
    public static func measure(_ image: GrayImage) -> EdgeSpread {
        let width = image.width, height = image.height
        guard width >= 8, height >= 8 else { return EdgeSpread(acrossX: nil, acrossY: nil) }
        return image.pixels.withUnsafeBufferPointer { pixels in
            var rows = RatioHistogram(), columns = RatioHistogram()
            for y in stride(from: 0, to: height, by: step) {
                scan(pixels, start: y * width, stride: 1, count: width, into: &rows)
            }
            for x in stride(from: 0, to: width, by: step) {
                scan(pixels, start: x, stride: width, count: height, into: &columns)
            }
            return EdgeSpread(acrossX: rows.median, acrossY: columns.median)
        }
    }

    /// One line of pixels (`count` of them from `start`, `stride` apart): at each place where
    /// the rise over six pixels is at least `minimumRise` and the largest within three pixels
    /// either side (the edge's middle), the steepest one-pixel step within it over that rise.
    private static func scan(
        _ pixels: UnsafeBufferPointer<UInt8>, start: Int, stride: Int, count: Int, into histogram: inout RatioHistogram
    ) {
        guard count >= 10 else { return }
        @inline(__always) func at(_ index: Int) -> Int { Int(pixels[start + index * stride]) }
        @inline(__always) func rise(_ index: Int) -> Int { abs(at(index + 3) - at(index - 3)) }
        var index = 4
        while index < count - 4 {
            let here = rise(index)
            guard here >= minimumRise else {
                index += 1
                continue
            }
            // The edge's middle: no larger rise within three pixels either side.
            var isMiddle = true
            for other in max(3, index - 3)...min(count - 4, index + 3) where other != index {
                let there = rise(other)
                if there > here || (there == here && other < index) {
                    isMiddle = false
                    break
                }
            }
            if isMiddle {
                var steepest = 0
                for inner in (index - 3)..<(index + 3) {
                    steepest = max(steepest, abs(at(inner + 1) - at(inner)))
                }
                histogram.add(Double(steepest) / Double(here))
                index += 4
            } else {
                index += 1
            }
        }
    }

    /// Ratios counted in bins of 0.01 from 0 to 1 (a step larger than the rise, across a thin
    /// line, counts as 1).
    private struct RatioHistogram {
        var bins = [Int](repeating: 0, count: 101)
        var total = 0

        mutating func add(_ ratio: Double) {
            bins[min(100, max(0, Int((ratio * 100).rounded())))] += 1
            total += 1
        }

        var median: Double? {
            guard total >= EdgeSpread.minimumEdges else { return nil }
            var seen = 0
            for (bin, count) in bins.enumerated() {
                seen += count
                if seen * 2 >= total { return Double(bin) / 100 }
            }
            return 1
        }
    }
}
