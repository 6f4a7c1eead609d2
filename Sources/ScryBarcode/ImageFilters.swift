import ScryCore

/// Filters the barcode readers try on a region that did not read as it was.
extension GrayImage {
    /// This image enlarged `factor` times in each direction with bilinear interpolation, so a
    /// module that was 1-2 pixels wide becomes 2-4 and its edges fall between samples.
    /// Pixel (x, y) of the result looks at (x / factor, y / factor) of this image.
    public func upscaled(by factor: Int) -> GrayImage {
        precondition(factor >= 1, "upscaled(by:): factor \(factor)")
        if factor == 1 || width == 0 || height == 0 { return self }
        let newWidth = width * factor
        let newHeight = height * factor
        let scale = 1 / Double(factor)
        // Sample centres: a target pixel's centre mapped back to source coordinates; the
        // two source columns (or rows) it falls between and its weight on the second.
        func samples(_ count: Int, within size: Int) -> (first: [Int], second: [Int], fraction: [Double]) {
            var first = [Int](), second = [Int](), fraction = [Double]()
            first.reserveCapacity(count); second.reserveCapacity(count); fraction.reserveCapacity(count)
            for index in 0..<count {
                let position = max(0, (Double(index) + 0.5) * scale - 0.5)
                let lower = min(Int(position), size - 1)
                first.append(lower)
                second.append(min(lower + 1, size - 1))
                fraction.append(position - Double(lower))
            }
            return (first, second, fraction)
        }
        let columns = samples(newWidth, within: width), rows = samples(newHeight, within: height)
        if factor == 2 { return upscaledTwice(columns: columns, rows: rows) }
        let out = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                columns.first.withUnsafeBufferPointer { x0s in
                    columns.second.withUnsafeBufferPointer { x1s in
                        columns.fraction.withUnsafeBufferPointer { fxs in
                            for y in 0..<newHeight {
                                let above = rows.first[y] * width, below = rows.second[y] * width
                                let fy = rows.fraction[y]
                                for x in 0..<newWidth {
                                    let x0 = x0s[x], x1 = x1s[x], fx = fxs[x]
                                    let top = Double(source[above + x0]) * (1 - fx) + Double(source[above + x1]) * fx
                                    let bottom = Double(source[below + x0]) * (1 - fx) + Double(source[below + x1]) * fx
                                    target[y * newWidth + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
                                }
                            }
                        }
                    }
                }
            }
            initialized = newWidth * newHeight
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// `upscaled(by: 2)` in integers, the same bytes: at twice the size every sample's weights
    /// are quarters (0, 1/4 or 3/4), so the bilinear sum, in sixteenths, is exact either way,
    /// and rounding it half up is adding 8 sixteenths and dropping the rest. Each source row is
    /// interpolated along itself once, in quarters, for the two to four output rows that
    /// weigh it.
    private func upscaledTwice(
        columns: (first: [Int], second: [Int], fraction: [Double]), rows: (first: [Int], second: [Int], fraction: [Double])
    ) -> GrayImage {
        let newWidth = columns.first.count, newHeight = rows.first.count
        let quarters = columns.fraction.map { Int($0 * 4) }
        // Each source row along itself, in quarters (at most 1,020).
        var along = [Int32](repeating: 0, count: newWidth * height)
        pixels.withUnsafeBufferPointer { source in
            columns.first.withUnsafeBufferPointer { x0s in
                columns.second.withUnsafeBufferPointer { x1s in
                    quarters.withUnsafeBufferPointer { wxs in
                        along.withUnsafeMutableBufferPointer { along in
                            for y in 0..<height {
                                let row = y * width, out = y * newWidth
                                for x in 0..<newWidth {
                                    let wx = wxs[x]
                                    along[out + x] = Int32(Int(source[row + x0s[x]]) * (4 - wx) + Int(source[row + x1s[x]]) * wx)
                                }
                            }
                        }
                    }
                }
            }
        }
        let out = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight) { target, initialized in
            along.withUnsafeBufferPointer { along in
                guard let along = along.baseAddress, let target = target.baseAddress else { return }
                for y in 0..<newHeight {
                    let above = along + rows.first[y] * newWidth, below = along + rows.second[y] * newWidth
                    let wy = Int32(rows.fraction[y] * 4), row = target + y * newWidth
                    for x in 0..<newWidth {
                        row[x] = UInt8(truncatingIfNeeded: (above[x] * (4 - wy) + below[x] * wy + 8) >> 4)
                    }
                }
            }
            initialized = newWidth * newHeight
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// This image smoothed along its rows by the kernel [1 w 1] / (w + 2), w the
    /// `centreWeight` (2, 6 or 14; rounded; the first and last columns repeat beyond the
    /// edge). The kernel is centred, so every edge stays where it was and a module two pixels
    /// wide keeps a core darker or lighter than the middle gray. Noise falls to 0.61 of what
    /// it was for w 2, 0.77 for w 6.
    public func smoothedAlongRows(centreWeight: Int = 6) -> GrayImage {
        smoothed(centreWeight: centreWeight, alongColumns: false)
    }

    /// This image smoothed by the kernel [1 w 1] / (w + 2) along its rows and then its
    /// columns (3x3, rounded once; edges repeat), w the `centreWeight` (2, 6 or 14): noise
    /// falls to 0.375 of what it was for w 2, 0.59 for w 6, edges stay where they were
    /// (`smoothedAlongRows`).
    public func smoothedBothWays(centreWeight: Int = 2) -> GrayImage {
        smoothed(centreWeight: centreWeight, alongColumns: true)
    }

    private func smoothed(centreWeight: Int, alongColumns: Bool) -> GrayImage {
        precondition([2, 6, 14].contains(centreWeight), "smoothed: centre weight \(centreWeight)")
        guard width > 0, height > 0 else { return self }
        let count = pixels.count
        let centre = UInt16(centreWeight), edge = UInt16(centreWeight + 1)
        // log2 of the kernel's sum, 2 to 4.
        let shift = UInt16((centreWeight + 2).trailingZeroBitCount)
        // Along rows first, unnormalized: at most 255 * 16 per pixel.
        var rows = [UInt16](repeating: 0, count: count)
        pixels.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { target in
                guard let base = source.baseAddress, let outBase = target.baseAddress else { return }
                for y in 0..<height {
                    let row = base + y * width, out = outBase + y * width
                    out[0] = edge &* UInt16(row[0]) &+ UInt16(row[min(1, width - 1)])
                    out[width - 1] = UInt16(row[max(width - 2, 0)]) &+ edge &* UInt16(row[width - 1])
                    if width > 2 {
                        for x in 1..<(width - 1) {
                            out[x] = UInt16(row[x - 1]) &+ centre &* UInt16(row[x]) &+ UInt16(row[x + 1])
                        }
                    }
                }
            }
        }
        let out = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            rows.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress, let outBase = target.baseAddress else { return }
                for y in 0..<height {
                    let row = base + y * width, out = outBase + y * width
                    if alongColumns {
                        // At most 255 * 256 per pixel: UInt16 wraps only for w 14 on white, so
                        // the sum is taken in 32 bits.
                        let above = base + max(y - 1, 0) * width, below = base + min(y + 1, height - 1) * width
                        let total = 2 * shift, half = UInt32(1) << (total - 1)
                        for x in 0..<width {
                            let sum = UInt32(above[x]) &+ UInt32(centre) &* UInt32(row[x]) &+ UInt32(below[x])
                            out[x] = UInt8(truncatingIfNeeded: (sum &+ half) >> UInt32(total))
                        }
                    } else {
                        let half = UInt16(1) << (shift - 1)
                        for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (row[x] &+ half) >> shift) }
                    }
                }
            }
            initialized = count
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// This image averaged down its columns: each pixel the mean of the `span` pixels centred on
    /// it in its column (`span` odd; rounded half up; the first and last rows repeat beyond the
    /// edge). Along the bars of an upright linear code nothing changes but the noise, which
    /// falls to 1/sqrt(`span`) of what it was, while the edges across the rows stay as sharp as
    /// they were (a Gaussian blur softens both).
    public func averagedDownColumns(span: Int) -> GrayImage {
        precondition(span >= 1 && span % 2 == 1, "averagedDownColumns: span \(span)")
        guard width > 0, height > 0, span > 1 else { return self }
        let reach = span / 2, count = pixels.count, width = self.width, height = self.height
        var sums = [UInt32](repeating: 0, count: width)
        let out = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                sums.withUnsafeMutableBufferPointer { sums in
                    guard let base = source.baseAddress, let outBase = target.baseAddress,
                        let sum = sums.baseAddress
                    else { return }
                    // The window of row 0: rows -reach...reach, those above the first being the first.
                    for offset in -reach...reach {
                        let row = base + min(max(offset, 0), height - 1) * width
                        for x in 0..<width { sum[x] &+= UInt32(row[x]) }
                    }
                    let divisor = UInt32(span), half = UInt32(span / 2)
                    for y in 0..<height {
                        let out = outBase + y * width
                        for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (sum[x] &+ half) / divisor) }
                        guard y + 1 < height else { break }
                        // Slide the window down a row: the row entering below, the row leaving above.
                        let entering = base + min(y + 1 + reach, height - 1) * width
                        let leaving = base + max(y - reach, 0) * width
                        for x in 0..<width { sum[x] = sum[x] &+ UInt32(entering[x]) &- UInt32(leaving[x]) }
                    }
                }
            }
            initialized = count
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// This image with light and dark swapped: each level becomes 255 minus it.
    public func inverted() -> GrayImage {
        let count = pixels.count
        let swapped = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                for index in 0..<count { target[index] = ~source[index] }
            }
            initialized = count
        }
        return GrayImage(width: width, height: height, pixels: swapped)
    }

    /// This image with its gray levels spread by histogram equalization: each level becomes
    /// 255 times the share of pixels at or below it (less the darkest level's share), so a
    /// washed-out code's few levels between bar and space spread over the whole range.
    public func equalized() -> GrayImage {
        guard !pixels.isEmpty else { return self }
        var counts = [Int](repeating: 0, count: 256)
        for value in pixels { counts[Int(value)] += 1 }
        let darkest = counts.first { $0 > 0 } ?? 0
        let spread = pixels.count - darkest
        guard spread > 0 else { return self }
        var map = [UInt8](repeating: 0, count: 256)
        var cumulative = 0
        for level in 0..<256 {
            cumulative += counts[level]
            map[level] = UInt8(min(255, max(0, (Double(cumulative - darkest) * 255 / Double(spread)).rounded())))
        }
        return GrayImage(width: width, height: height, pixels: pixels.map { map[Int($0)] })
    }

    /// This image with its edges steepened by an unsharp mask: each pixel moves away from its
    /// Gaussian-blurred (`sigma`) neighbourhood by `amount` times the difference.
    public func sharpened(sigma: Double = 2, amount: Double = 1.5) -> GrayImage {
        let blurred = gaussianBlurred(sigma: sigma)
        let count = pixels.count
        let out = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                blurred.pixels.withUnsafeBufferPointer { smooth in
                    for index in 0..<count {
                        let original = Double(source[index])
                        let value = original + amount * (original - Double(smooth[index]))
                        target[index] = value.roundedPixel
                    }
                }
            }
            initialized = count
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
