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
    /// `resampled` does): the same result without its per-pixel box arithmetic, for the live
    /// barcode lane's averaged passes. The division is a multiplication by the block's
    /// reciprocal in 32-bit fixed point, exact for every block of up to 4096 pixels.
    private func shrunk(byWhole fx: Int, _ fy: Int) -> GrayImage {
        let newWidth = width / fx, newHeight = height / fy
        let area = UInt64(fx * fy)
        guard area <= 4096 else { return boxAveraged(width: newWidth, height: newHeight) }
        // floor(sum / area) == (sum * reciprocal) >> 32 while sum * (reciprocal * area - 2^32)
        // stays below 2^32: sum is at most 255 * area, and the excess below area.
        let reciprocal = ((UInt64(1) << 32) + area - 1) / area
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
                            } else {
                                for x in 0..<newWidth {
                                    var sum: UInt32 = 0
                                    for column in 0..<fx { sum &+= UInt32(row[x * fx + column]) }
                                    sums[x] &+= sum
                                }
                            }
                        }
                        let outRow = firstOut + y * newWidth
                        for x in 0..<newWidth {
                            outRow[x] = UInt8(truncatingIfNeeded: (UInt64(sums[x]) &* reciprocal) >> 32)
                        }
                    }
                }
            }
            count = newWidth * newHeight
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }
}
