/// Local contrast normalization: each pixel is stretched between the darkest and lightest
/// pixels around it, so faded or unevenly lit print becomes dark ink on white paper.
///
/// For a pixel, the darkest and lightest values in the `window` x `window` square centred on
/// it are found, and both are then averaged over another such square (so the stretch changes
/// smoothly). With `range = max(light - dark, minimumRange)`, the pixel maps to
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
    /// below 80 px. (On the receipts of docs/text-benchmark.md, three lines read 0.8% fewer
    /// words and five lines 0.3% fewer.)
    public static func window(forLineHeight lineHeight: Double?) -> Int {
        guard let lineHeight, lineHeight.isFinite, lineHeight > 0 else { return 80 }
        return max(80, Int((4 * lineHeight).rounded()))
    }

    /// `image` normalized, the same size.
    public func apply(to image: GrayImage) -> GrayImage {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return image }
        let before = window / 2, after = window - 1 - before
        let dark = Self.boxMean(
            Self.extremum(image.pixels, width: width, height: height, before: before, after: after, takesMax: false),
            width: width, height: height, before: before, after: after)
        let light = Self.boxMean(
            Self.extremum(image.pixels, width: width, height: height, before: before, after: after, takesMax: true),
            width: width, height: height, before: before, after: after)
        // The stretched value 0...1 in 1/1024 steps, raised to the power 1.5.
        let steps = 1024
        let curve = (0...steps).map { step -> UInt8 in
            let value = Double(step) / Double(steps)
            return UInt8((value * value.squareRoot() * 255).rounded())
        }
        let minimumRange = Float(self.minimumRange)
        var output = [UInt8](repeating: 0, count: width * height)
        for index in 0..<output.count {
            // Stretched from `light - range` to `light`: paper stays white where there is no ink.
            let range = max(light[index] - dark[index], minimumRange)
            let stretched = min(max((Float(image.pixels[index]) - (light[index] - range)) / range, 0), 1)
            output[index] = curve[Int(stretched * Float(steps))]
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// The minimum (or maximum) of each pixel's neighbourhood from `before` to `after` pixels
    /// on either side, in both directions, the window clipped at the image's edges.
    static func extremum(
        _ pixels: [UInt8], width: Int, height: Int, before: Int, after: Int, takesMax: Bool
    ) -> [UInt8] {
        var rows = [UInt8](repeating: 0, count: pixels.count)
        var line = [UInt8](repeating: 0, count: max(width, height))
        var result = [UInt8](repeating: 0, count: max(width, height))
        for y in 0..<height {
            for x in 0..<width { line[x] = pixels[y * width + x] }
            slidingExtremum(line, count: width, before: before, after: after, takesMax: takesMax, into: &result)
            for x in 0..<width { rows[y * width + x] = result[x] }
        }
        var both = [UInt8](repeating: 0, count: pixels.count)
        for x in 0..<width {
            for y in 0..<height { line[y] = rows[y * width + x] }
            slidingExtremum(line, count: height, before: before, after: after, takesMax: takesMax, into: &result)
            for y in 0..<height { both[y * width + x] = result[y] }
        }
        return both
    }

    /// van Herk / Gil-Werman: the extremum of `values[i - before ... i + after]` (clipped to
    /// `0..<count`) for every i, in three comparisons per value whatever the window.
    static func slidingExtremum(
        _ values: [UInt8], count: Int, before: Int, after: Int, takesMax: Bool, into result: inout [UInt8]
    ) {
        let span = before + after + 1
        @inline(__always) func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { takesMax ? max(a, b) : min(a, b) }
        // Running extremum from each block's start (prefix) and to its end (suffix), blocks of
        // `span` values; a window then covers the suffix of one block and the prefix of the next.
        var prefix = [UInt8](repeating: 0, count: count)
        var suffix = [UInt8](repeating: 0, count: count)
        var start = 0
        while start < count {
            let end = min(start + span, count)
            prefix[start] = values[start]
            var j = start + 1
            while j < end {
                prefix[j] = pick(prefix[j - 1], values[j])
                j += 1
            }
            suffix[end - 1] = values[end - 1]
            var i = end - 2
            while i >= start {
                suffix[i] = pick(suffix[i + 1], values[i])
                i -= 1
            }
            start = end
        }
        for i in 0..<count {
            let low = max(0, i - before), high = min(count - 1, i + after)
            result[i] = pick(suffix[low], prefix[high])
            // A clipped window may lie within one block, where suffix[low] reaches past high.
            if low / span == high / span { result[i] = blockExtremum(values, low, high, pick) }
        }
    }

    private static func blockExtremum(
        _ values: [UInt8], _ low: Int, _ high: Int, _ pick: (UInt8, UInt8) -> UInt8
    ) -> UInt8 {
        var value = values[low]
        for i in low...high { value = pick(value, values[i]) }
        return value
    }

    /// The mean of each pixel's neighbourhood (clipped at the edges), by running sums.
    static func boxMean(_ pixels: [UInt8], width: Int, height: Int, before: Int, after: Int) -> [Float] {
        var rows = [Float](repeating: 0, count: pixels.count)
        var sums = [Int](repeating: 0, count: max(width, height) + 1)
        for y in 0..<height {
            for x in 0..<width { sums[x + 1] = sums[x] + Int(pixels[y * width + x]) }
            for x in 0..<width {
                let low = max(0, x - before), high = min(width - 1, x + after)
                rows[y * width + x] = Float(sums[high + 1] - sums[low]) / Float(high - low + 1)
            }
        }
        var both = [Float](repeating: 0, count: pixels.count)
        var columnSums = [Float](repeating: 0, count: height + 1)
        for x in 0..<width {
            for y in 0..<height { columnSums[y + 1] = columnSums[y] + rows[y * width + x] }
            for y in 0..<height {
                let low = max(0, y - before), high = min(height - 1, y + after)
                both[y * width + x] = (columnSums[high + 1] - columnSums[low]) / Float(high - low + 1)
            }
        }
        return both
    }
}
