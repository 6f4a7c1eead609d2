extension GrayImage {
    /// The pixels of this image inside `rect` (pixel space, top-left origin), clipped to the
    /// image and rounded outwards to whole pixels; nil when nothing of `rect` lies inside.
    public func cropped(to rect: PixelRect) -> GrayImage? {
        let left = max(0, Int(rect.x.rounded(.down)))
        let top = max(0, Int(rect.y.rounded(.down)))
        let right = min(width, Int((rect.x + rect.width).rounded(.up)))
        let bottom = min(height, Int((rect.y + rect.height).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        var out = [UInt8]()
        out.reserveCapacity((right - left) * (bottom - top))
        for y in top..<bottom {
            out.append(contentsOf: pixels[(y * width + left)..<(y * width + right)])
        }
        return GrayImage(width: right - left, height: bottom - top, pixels: out)
    }
}
