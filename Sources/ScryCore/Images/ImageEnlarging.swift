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
        return enlargedBicubic(
            columns: (0..<newWidth).map { (first: $0 / factor + phases[$0 % factor].offset, weights: phases[$0 % factor].weights) },
            rows: (0..<newHeight).map { (first: $0 / factor + phases[$0 % factor].offset, weights: phases[$0 % factor].weights) })
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
        return enlargedBicubic(columns: taps(count: newWidth, source: width), rows: taps(count: newHeight, source: height))
    }

    /// This image resampled by four taps a pixel: output column x is the weighted sum, in tap
    /// order, of source columns `columns[x].first` to `first + 3` (edges extended), kept in
    /// floats; output row y the same sum of those rows by `rows[y]`, rounded to a byte.
    private func enlargedBicubic(columns: [(first: Int, weights: [Float])], rows: [(first: Int, weights: [Float])]) -> GrayImage {
        let newWidth = columns.count, newHeight = rows.count
        let lastX = width - 1, lastY = height - 1
        // Each output column's four source columns and weights, flattened.
        var sourceColumns = [Int](), columnWeights = [Float]()
        sourceColumns.reserveCapacity(4 * newWidth)
        columnWeights.reserveCapacity(4 * newWidth)
        for (first, weights) in columns {
            for tap in 0..<4 {
                sourceColumns.append(min(lastX, max(0, first + tap)))
                columnWeights.append(weights[tap])
            }
        }
        var horizontal = [Float](repeating: 0, count: newWidth * height)
        pixels.withUnsafeBufferPointer { source in
            sourceColumns.withUnsafeBufferPointer { taps in
                columnWeights.withUnsafeBufferPointer { weights in
                    horizontal.withUnsafeMutableBufferPointer { target in
                        for y in 0..<height {
                            let row = y * width, out = y * newWidth
                            for x in 0..<newWidth {
                                var sum: Float = 0
                                for tap in (4 * x)..<(4 * x + 4) { sum += weights[tap] * Float(source[row + taps[tap]]) }
                                target[out + x] = sum
                            }
                        }
                    }
                }
            }
        }
        let out = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight) { target, initialized in
            horizontal.withUnsafeBufferPointer { source in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for (y, (first, weights)) in rows.enumerated() {
                    let line0 = source + min(lastY, max(0, first)) * newWidth
                    let line1 = source + min(lastY, max(0, first + 1)) * newWidth
                    let line2 = source + min(lastY, max(0, first + 2)) * newWidth
                    let line3 = source + min(lastY, max(0, first + 3)) * newWidth
                    let w0 = weights[0], w1 = weights[1], w2 = weights[2], w3 = weights[3]
                    let row = target + y * newWidth
                    for x in 0..<newWidth {
                        var sum: Float = 0
                        sum += w0 * line0[x]
                        sum += w1 * line1[x]
                        sum += w2 * line2[x]
                        sum += w3 * line3[x]
                        row[x] = sum.roundedPixel
                    }
                }
            }
            initialized = newWidth * newHeight
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
