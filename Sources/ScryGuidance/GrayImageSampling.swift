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
