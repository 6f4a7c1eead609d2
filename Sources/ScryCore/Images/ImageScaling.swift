extension GrayImage {
    /// This image scaled to fit inside `size` keeping its aspect ratio (never enlarged unless
    /// `allowUpscaling`), centred on a canvas of `size` filled with `background`. Downscaling
    /// averages the source pixels each target pixel covers, so thin bars are not lost.
    public func fitted(into size: ImageSize, background: UInt8 = 255, allowUpscaling: Bool = false) -> GrayImage {
        let scale = min(Double(size.width) / Double(width), Double(size.height) / Double(height))
        let factor = allowUpscaling ? scale : min(1, scale)
        let scaledWidth = max(1, Int((Double(width) * factor).rounded()))
        let scaledHeight = max(1, Int((Double(height) * factor).rounded()))
        let scaled = resampled(width: scaledWidth, height: scaledHeight)
        var canvas = GrayImage(width: size.width, height: size.height, filledWith: background)
        let left = (size.width - scaledWidth) / 2
        let top = (size.height - scaledHeight) / 2
        for y in 0..<scaledHeight {
            for x in 0..<scaledWidth { canvas[left + x, top + y] = scaled[x, y] }
        }
        return canvas
    }

    /// This image resampled to `width` x `height`: area averaging when shrinking, nearest
    /// neighbour when enlarging (keeps module edges sharp).
    public func resampled(width newWidth: Int, height newHeight: Int) -> GrayImage {
        if newWidth == width && newHeight == height { return self }
        if newWidth > 0, newHeight > 0, newWidth <= width, newHeight <= height,
            width % newWidth == 0, height % newHeight == 0
        {
            return shrunk(byWhole: width / newWidth, height / newHeight)
        }
        return boxAveraged(width: newWidth, height: newHeight)
    }

    /// Each target pixel the average of the source pixels its box covers (at least one), the
    /// sum divided and rounded down.
    private func boxAveraged(width newWidth: Int, height newHeight: Int) -> GrayImage {
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        let sx = Double(width) / Double(newWidth)
        let sy = Double(height) / Double(newHeight)
        for y in 0..<newHeight {
            let y0 = Int(Double(y) * sy)
            let y1 = max(y0 + 1, min(height, Int((Double(y + 1) * sy).rounded(.up))))
            for x in 0..<newWidth {
                let x0 = Int(Double(x) * sx)
                let x1 = max(x0 + 1, min(width, Int((Double(x + 1) * sx).rounded(.up))))
                var sum = 0
                for yy in y0..<y1 {
                    for xx in x0..<x1 { sum += Int(pixels[yy * width + xx]) }
                }
                out[y * newWidth + x] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Each `fx` x `fy` block of pixels averaged into one (the sum divided and rounded down, as
    /// `resampled` does), the pixels past the last whole block each way left out: the live
    /// barcode lane's averaged lines (`ImageSampling`). The division is a multiplication by
    /// the block's reciprocal in fixed point, exact for every block of up to 4096 pixels.
    public func blockAveraged(by fx: Int, _ fy: Int) -> GrayImage {
        let newWidth = width / max(1, fx), newHeight = height / max(1, fy)
        guard fx >= 1, fy >= 1, newWidth > 0, newHeight > 0 else { return GrayImage(width: 0, height: 0, pixels: []) }
        return shrunk(byWhole: fx, fy)
    }

    private func shrunk(byWhole fx: Int, _ fy: Int) -> GrayImage {
        let newWidth = width / fx, newHeight = height / fy
        let area = fx * fy
        if fx == 1, area <= 16 { return rowsAveragedNarrowly(fy) }
        guard area <= 4096 else { return boxAveraged(width: newWidth, height: newHeight) }
        // floor(sum / area) == (sum * reciprocal) >> shift where reciprocal is 2^shift / area
        // rounded up, as long as sum * (reciprocal * area - 2^shift) < 2^shift: the excess is
        // below area and sum at most 255 * area, so 2^shift above 255 * area^2 will do. Up to 64
        // pixels a block, in 32 bits (which vectorize); beyond, in 64.
        let shift = UInt64(64 - (255 * area * area).leadingZeroBitCount)
        let reciprocal = ((UInt64(1) << shift) + UInt64(area) - 1) / UInt64(area)
        let narrow = area <= 64
        var sums = [UInt32](repeating: 0, count: newWidth)
        let out = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight) { target, count in
            pixels.withUnsafeBufferPointer { source in
                sums.withUnsafeMutableBufferPointer { sums in
                    guard let first = source.baseAddress, let firstOut = target.baseAddress else { return }
                    for y in 0..<newHeight {
                        for x in 0..<newWidth { sums[x] = 0 }
                        for line in 0..<fy {
                            let row = first + (y * fy + line) * width
                            if fx == 1 {
                                for x in 0..<newWidth { sums[x] &+= UInt32(row[x]) }
                            } else if fx == 6 {
                                // The live lane's columns, written out.
                                for x in 0..<newWidth {
                                    let run = row + 6 * x
                                    let pairs = (UInt32(run[0]) &+ UInt32(run[1])) &+ (UInt32(run[2]) &+ UInt32(run[3]))
                                    sums[x] &+= pairs &+ (UInt32(run[4]) &+ UInt32(run[5]))
                                }
                            } else {
                                for x in 0..<newWidth {
                                    var sum: UInt32 = 0
                                    for column in 0..<fx { sum &+= UInt32(row[x * fx + column]) }
                                    sums[x] &+= sum
                                }
                            }
                        }
                        let outRow = firstOut + y * newWidth
                        if narrow {
                            let reciprocal32 = UInt32(reciprocal), shift32 = UInt32(shift)
                            for x in 0..<newWidth { outRow[x] = UInt8(truncatingIfNeeded: (sums[x] &* reciprocal32) >> shift32) }
                        } else {
                            for x in 0..<newWidth {
                                outRow[x] = UInt8(truncatingIfNeeded: (UInt64(sums[x]) &* reciprocal) >> shift)
                            }
                        }
                    }
                }
            }
            count = newWidth * newHeight
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// `shrunk(byWhole: 1, fy)` for up to 16 rows a block, in 16 bits (twice the pixels an
    /// instruction of 32): the sums fit (at most 255 * 16), and so does floor(sum / fy) as
    /// (sum * reciprocal) >> 16 with the reciprocal 2^16 / fy rounded up, exact while
    /// sum * fy < 2^16, which 255 * 16 * 16 is.
    private func rowsAveragedNarrowly(_ fy: Int) -> GrayImage {
        let newHeight = height / fy
        let reciprocal = UInt32(((1 << 16) + fy - 1) / fy)
        var sums = [UInt16](repeating: 0, count: width)
        let out = [UInt8](unsafeUninitializedCapacity: width * newHeight) { target, count in
            pixels.withUnsafeBufferPointer { source in
                sums.withUnsafeMutableBufferPointer { sums in
                    guard let first = source.baseAddress, let firstOut = target.baseAddress, let sums = sums.baseAddress
                    else { return }
                    for y in 0..<newHeight {
                        let top = first + y * fy * width
                        for x in 0..<width { sums[x] = UInt16(top[x]) }
                        for line in 1..<max(fy, 1) {
                            let row = top + line * width
                            for x in 0..<width { sums[x] &+= UInt16(row[x]) }
                        }
                        let outRow = firstOut + y * width
                        for x in 0..<width { outRow[x] = UInt8(truncatingIfNeeded: (UInt32(sums[x]) &* reciprocal) >> 16) }
                    }
                }
            }
            count = width * newHeight
        }
        return GrayImage(width: width, height: newHeight, pixels: out)
    }
}
