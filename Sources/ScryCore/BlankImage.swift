extension GrayImage {
    /// Whether the image holds nothing but flat background (a wall, a blank page, a covered
    /// lens), so that it cannot hold text: cut into a grid of `columns` x `rows` cells, no
    /// cell's darkest and lightest sampled pixels are `minimumContrast` or more apart (ink on
    /// paper is; sensor noise and lighting gradients within a cell are not). Every second row
    /// and column is sampled: strokes at 720p are wider than that.
    public func isBlank(columns: Int = 32, rows: Int = 18, minimumContrast: Int = 48) -> Bool {
        guard width > 0, height > 0 else { return true }
        var low = [UInt8](repeating: 255, count: columns * rows)
        var high = [UInt8](repeating: 0, count: columns * rows)
        return pixels.withUnsafeBufferPointer { source in
            for y in stride(from: 0, to: height, by: 2) {
                let rowBase = y * rows / height * columns
                let base = y * width
                for x in stride(from: 0, to: width, by: 2) {
                    let cell = rowBase + x * columns / width
                    let value = source[base + x]
                    if value < low[cell] { low[cell] = value }
                    if value > high[cell] { high[cell] = value }
                }
            }
            return !zip(low, high).contains { Int($1) - Int($0) >= minimumContrast }
        }
    }
}
