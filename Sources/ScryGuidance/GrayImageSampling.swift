import Glibc
import ScryCore

extension GrayImage {
    /// The image at (x, y) in its pixel space (origin top-left, y down), interpolated between
    /// the four nearest pixels; the border's value beyond it.
    func interpolated(x: Double, y: Double) -> Double {
        guard width > 1, height > 1 else { return pixels.first.map(Double.init) ?? 0 }
        let x = min(max(x, 0), Double(width - 1)), y = min(max(y, 0), Double(height - 1))
        let x0 = min(Int(x), width - 2), y0 = min(Int(y), height - 2)
        let fx = x - Double(x0), fy = y - Double(y0)
        let row = y0 * width
        let top = Double(pixels[row + x0]) * (1 - fx) + Double(pixels[row + x0 + 1]) * fx
        let bottom = Double(pixels[row + width + x0]) * (1 - fx) + Double(pixels[row + width + x0 + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }
}

extension GrayImage {
    /// Calls `visit` with the gradient (x, y: the central differences, in gray levels over two
    /// pixels) at every pixel of the box `columns` by `rows`, which lies inside the image's
    /// one-pixel border.
    @inline(__always)
    func forEachGradient(columns: ClosedRange<Int>, rows: ClosedRange<Int>, _ visit: (Double, Double) -> Void) {
        pixels.withUnsafeBufferPointer { pixels in
            let width = self.width
            for y in rows {
                for x in columns {
                    visit(
                        Double(pixels[y * width + x + 1]) - Double(pixels[y * width + x - 1]),
                        Double(pixels[(y + 1) * width + x]) - Double(pixels[(y - 1) * width + x]))
                }
            }
        }
    }

    /// The direction of a square grid's edges in the box `columns` by `rows` (inside the
    /// image's one-pixel border), in radians modulo a quarter turn: the gradients' angles
    /// taken four times over, so that the four sides of a square agree, averaged weighted by
    /// their strength; nil where the box is flat.
    func squareEdgeDirection(columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> Double? {
        var (c, s) = (0.0, 0.0)
        forEachGradient(columns: columns, rows: rows) { gx, gy in
            let strength = gx * gx + gy * gy
            guard strength > 0 else { return }
            let angle = atan2(gy, gx)
            c += strength * cos(4 * angle)
            s += strength * sin(4 * angle)
        }
        guard c != 0 || s != 0 else { return nil }
        return atan2(s, c) / 4
    }
}
