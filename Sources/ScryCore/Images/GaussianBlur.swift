extension GrayImage {
    /// This image smoothed with a Gaussian of standard deviation `sigma` pixels (separable,
    /// kernel cut at 3 sigma, edges extended).
    public func gaussianBlurred(sigma: Double) -> GrayImage {
        guard sigma > 0, width > 0, height > 0 else { return self }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { offset -> Double in
            let d = Double(offset)
            return _exp(-(d * d) / (2 * sigma * sigma))
        }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var horizontal = [Double](repeating: 0, count: width * height)
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { pass in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width {
                        var sum = 0.0
                        for k in -radius...radius {
                            let xx = min(max(x + k, 0), width - 1)
                            sum += Double(source[row + xx]) * kernel[k + radius]
                        }
                        pass[row + x] = sum
                    }
                }
            }
        }
        horizontal.withUnsafeBufferPointer { pass in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        var sum = 0.0
                        for k in -radius...radius {
                            let yy = min(max(y + k, 0), height - 1)
                            sum += pass[yy * width + x] * kernel[k + radius]
                        }
                        target[y * width + x] = UInt8(min(255, max(0, sum.rounded())))
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
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
