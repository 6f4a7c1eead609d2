extension GrayImage {
    /// This image smoothed with a Gaussian of standard deviation `sigma` pixels (separable,
    /// kernel cut at 3 sigma, edges extended): each pixel the kernel-weighted sum along its
    /// row, then of those sums along its column, each sum taken in kernel order from the
    /// lowest offset, rounded once at the end.
    public func gaussianBlurred(sigma: Double) -> GrayImage {
        guard sigma > 0, width > 0, height > 0 else { return self }
        let kernel = Self.gaussianKernel(sigma: sigma)
        let radius = kernel.count / 2
        let width = self.width, height = self.height
        // The sums are accumulated a whole row at a time, one kernel tap after another, so
        // each pixel's sum is added up in kernel order and the loops over a row vectorize. Each
        // row is first widened to doubles once, its edge pixels repeated `radius` times on
        // each side, so that every tap reads a double.
        var horizontal = [Double](repeating: 0, count: width * height)
        var column = [Double](repeating: 0, count: width)
        var padded = [Double](repeating: 0, count: width + 2 * radius)
        let out = [UInt8](unsafeUninitializedCapacity: width * height) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                kernel.withUnsafeBufferPointer { weights in
                    horizontal.withUnsafeMutableBufferPointer { pass in
                        column.withUnsafeMutableBufferPointer { sums in
                            padded.withUnsafeMutableBufferPointer { widened in
                                guard let source = source.baseAddress, let weights = weights.baseAddress,
                                    let pass = pass.baseAddress, let sums = sums.baseAddress, let target = target.baseAddress,
                                    let widened = widened.baseAddress
                                else { return }
                                for y in 0..<height {
                                    let row = source + y * width, sum = pass + y * width
                                    let first = Double(row[0]), last = Double(row[width - 1])
                                    for x in 0..<radius {
                                        widened[x] = first
                                        widened[radius + width + x] = last
                                    }
                                    for x in 0..<width { widened[radius + x] = Double(row[x]) }
                                    for k in 0...(2 * radius) {
                                        let weight = weights[k], shifted = widened + k
                                        for x in 0..<width { sum[x] += shifted[x] * weight }
                                    }
                                }
                                for y in 0..<height {
                                    for x in 0..<width { sums[x] = 0 }
                                    for k in -radius...radius {
                                        let weight = weights[k + radius]
                                        let line = pass + min(max(y + k, 0), height - 1) * width
                                        for x in 0..<width { sums[x] += line[x] * weight }
                                    }
                                    let row = target + y * width
                                    for x in 0..<width { row[x] = sums[x].roundedPixel }
                                }
                            }
                        }
                    }
                }
            }
            initialized = width * height
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// The blur's weights for offsets -radius...radius (radius 3 sigma rounded up, at least
    /// 1), summing to 1.
    static func gaussianKernel(sigma: Double) -> [Double] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let kernel = (-radius...radius).map { offset -> Double in
            let d = Double(offset)
            return _exp(-(d * d) / (2 * sigma * sigma))
        }
        let total = kernel.reduce(0, +)
        return kernel.map { $0 / total }
    }
}

/// exp without Foundation, accurate to double precision for the small negative arguments a
/// Gaussian kernel needs.
private func _exp(_ x: Double) -> Double {
    // exp(x) = exp(x / 2^k)^(2^k), with the reduced argument's series converging fast.
    var k = 0
    var reduced = x
    while abs(reduced) > 0.5 {
        reduced /= 2
        k += 1
    }
    var term = 1.0
    var sum = 1.0
    for n in 1..<20 {
        term *= reduced / Double(n)
        sum += term
    }
    for _ in 0..<k { sum *= sum }
    return sum
}
