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
        // |mask response| is at most 16 * 255, and every partial sum fits 16 bits: a row's
        // responses are worked out 16 bits a pixel (which vectorizes), then counted.
        var counts = [Int32](repeating: 0, count: 16 * 255 + 1)
        var responses = [UInt16](repeating: 0, count: width)
        var total = 0
        pixels.withUnsafeBufferPointer { source in
            counts.withUnsafeMutableBufferPointer { counts in
                responses.withUnsafeMutableBufferPointer { responses in
                    guard let base = source.baseAddress, let out = responses.baseAddress, let counts = counts.baseAddress
                    else { return }
                    let inner = width - 2
                    for y in stride(from: 1, to: height - 1, by: step) {
                        let above = base + (y - 1) * width, row = base + y * width, below = base + (y + 1) * width
                        for i in 0..<inner {
                            let corners = Int16(above[i]) &+ Int16(above[i + 2]) &+ Int16(below[i]) &+ Int16(below[i + 2])
                            let sides = Int16(above[i + 1]) &+ Int16(below[i + 1]) &+ Int16(row[i]) &+ Int16(row[i + 2])
                            let response = corners &- 2 &* sides &+ 4 &* Int16(row[i + 1])
                            out[i] = UInt16(bitPattern: response < 0 ? 0 &- response : response)
                        }
                        for i in 0..<inner { counts[Int(out[i])] &+= 1 }
                        total += inner
                    }
                }
            }
        }
        var cumulative = 0
        for (magnitude, count) in counts.enumerated() {
            cumulative += Int(count)
            if 2 * cumulative >= total { return Double(magnitude) / 0.6745 / 6 }
        }
        return 0
    }
}
