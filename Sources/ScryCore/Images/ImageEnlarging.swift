extension GrayImage {
    /// This image enlarged `factor` times in each direction with bicubic interpolation (Keys'
    /// kernel, a = -0.5, as Pillow's and ImageMagick's bicubic filters use). Sharper than
    /// bilinear: small letters keep the stroke contrast that recognition needs. Pixel (x, y)
    /// of the result samples (x + 0.5) / factor - 0.5 of this image; edges are extended.
    public func enlargedBicubic(by factor: Int) -> GrayImage {
        precondition(factor >= 1, "enlargedBicubic(by:): factor \(factor)")
        if factor == 1 || width == 0 || height == 0 { return self }
        // Each output phase (position within a source pixel) has fixed tap weights.
        let phases: [(offset: Int, weights: [Float])] = (0..<factor).map { phase in
            let position = (Double(phase) + 0.5) / Double(factor) - 0.5
            let base = Int(position.rounded(.down))
            let fraction = position - Double(base)
            let weights = (-1...2).map { tap in Float(Self.keys(Double(tap) - fraction)) }
            return (base - 1, weights)
        }
        let newWidth = width * factor
        let newHeight = height * factor
        // Horizontal pass into floats, then vertical pass into bytes.
        var rows = [Float](repeating: 0, count: newWidth * height)
        let lastX = width - 1
        let lastY = height - 1
        pixels.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        for (phase, (offset, weights)) in phases.enumerated() {
                            var sum: Float = 0
                            for tap in 0..<4 {
                                let sx = min(lastX, max(0, x + offset + tap))
                                sum += weights[tap] * Float(source[row + sx])
                            }
                            target[y * newWidth + x * factor + phase] = sum
                        }
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        rows.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for (phase, (offset, weights)) in phases.enumerated() {
                        let outRow = (y * factor + phase) * newWidth
                        let taps = (0..<4).map { min(lastY, max(0, y + offset + $0)) * newWidth }
                        for x in 0..<newWidth {
                            var sum: Float = 0
                            for tap in 0..<4 { sum += weights[tap] * source[taps[tap] + x] }
                            target[outRow + x] = UInt8(min(255, max(0, sum.rounded())))
                        }
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// This image enlarged to `newWidth` x `newHeight` (each at least the present size) with
    /// Keys' bicubic interpolation, for factors that are not whole (1.5x): pixel (x, y) of the
    /// result samples (x + 0.5) * width / newWidth - 0.5 of this image; edges are extended.
    public func enlargedBicubic(toWidth newWidth: Int, height newHeight: Int) -> GrayImage {
        precondition(newWidth >= width && newHeight >= height, "enlargedBicubic(toWidth:height:): \(newWidth)x\(newHeight)")
        if (newWidth == width && newHeight == height) || width == 0 || height == 0 { return self }
        // The four source taps and their weights of each output column, then of each output row.
        func taps(count: Int, source: Int) -> [(first: Int, weights: [Float])] {
            (0..<count).map { index in
                let position = (Double(index) + 0.5) * Double(source) / Double(count) - 0.5
                let base = Int(position.rounded(.down))
                let fraction = position - Double(base)
                return (base - 1, (-1...2).map { Float(Self.keys(Double($0) - fraction)) })
            }
        }
        let columns = taps(count: newWidth, source: width)
        let rowTaps = taps(count: newHeight, source: height)
        var rows = [Float](repeating: 0, count: newWidth * height)
        for y in 0..<height {
            for (x, (first, weights)) in columns.enumerated() {
                var sum: Float = 0
                for tap in 0..<4 { sum += weights[tap] * Float(pixels[y * width + min(width - 1, max(0, first + tap))]) }
                rows[y * newWidth + x] = sum
            }
        }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        for (y, (first, weights)) in rowTaps.enumerated() {
            for x in 0..<newWidth {
                var sum: Float = 0
                for tap in 0..<4 { sum += weights[tap] * rows[min(height - 1, max(0, first + tap)) * newWidth + x] }
                out[y * newWidth + x] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Keys' cubic convolution kernel with a = -0.5: the weight of a pixel `distance` pixels
    /// from the point sampled.
    public static func keys(_ distance: Double) -> Double {
        let t = abs(distance)
        let a = -0.5
        if t <= 1 { return (a + 2) * t * t * t - (a + 3) * t * t + 1 }
        if t < 2 { return a * t * t * t - 5 * a * t * t + 8 * a * t - 4 * a }
        return 0
    }
}
