import ScryCore

extension GrayImage {
    /// The standard deviation of the image's sensor noise, in gray levels: Immerkær's estimate
    /// ("Fast noise variance estimation", 1996) made robust to content. His 3x3 mask
    /// [1 -2 1; -2 4 -2; 1 -2 1] cancels flat areas, gradients and most smooth shading and
    /// leaves noise of independent pixels times 6; the median of its magnitude, divided by
    /// 0.6745 (a Gaussian's median absolute value) and by 6, is the noise's sigma. A median
    /// rather than his mean, because edges, bars and texture, which the mask does not cancel,
    /// are a minority of pixels. Measured on every `rowStep`-th row (each with the rows above
    /// and below); 0 for an image under 3x3.
    public func noiseSigma(rowStep: Int = 8) -> Double {
        guard width >= 3, height >= 3 else { return 0 }
        let step = max(1, rowStep)
        // |mask response| is at most 16 * 255.
        var counts = [Int](repeating: 0, count: 16 * 255 + 1)
        var total = 0
        pixels.withUnsafeBufferPointer { source in
            counts.withUnsafeMutableBufferPointer { counts in
                guard let base = source.baseAddress else { return }
                for y in stride(from: 1, to: height - 1, by: step) {
                    let above = base + (y - 1) * width, row = base + y * width, below = base + (y + 1) * width
                    for x in 1..<(width - 1) {
                        let corners = Int(above[x - 1]) + Int(above[x + 1]) + Int(below[x - 1]) + Int(below[x + 1])
                        let sides = Int(above[x]) + Int(below[x]) + Int(row[x - 1]) + Int(row[x + 1])
                        let response = corners - 2 * sides + 4 * Int(row[x])
                        counts[abs(response)] += 1
                    }
                    total += width - 2
                }
            }
        }
        var cumulative = 0
        for (magnitude, count) in counts.enumerated() {
            cumulative += count
            if 2 * cumulative >= total { return Double(magnitude) / 0.6745 / 6 }
        }
        return 0
    }
}
