/// The one conversion between pixel space (origin top-left, y down, pixels) and normalized space
/// (origin bottom-left, y up, 0...1), in both directions: `y_norm = 1 - (y_px + h_px) / height`.
extension NormalizedPoint {
    /// The pixel point `point` of an image of `size`, in normalized space.
    public init(_ point: PixelPoint, in size: ImageSize) {
        self.init(
            x: point.x / Double(size.width), y: 1 - point.y / Double(size.height))
    }
}

extension PixelPoint {
    /// The normalized point `point`, in pixel space of an image of `size`.
    public init(_ point: NormalizedPoint, in size: ImageSize) {
        self.init(x: point.x * Double(size.width), y: (1 - point.y) * Double(size.height))
    }
}

extension NormalizedRect {
    /// The pixel rectangle `rect` of an image of `size`, in normalized space: its top edge in
    /// pixels becomes its top edge (y + height) in normalized space.
    public init(_ rect: PixelRect, in size: ImageSize) {
        let width = Double(size.width)
        let height = Double(size.height)
        self.init(
            x: rect.x / width, y: 1 - (rect.y + rect.height) / height,
            width: rect.width / width, height: rect.height / height)
    }
}

extension PixelRect {
    /// The normalized rectangle `rect`, in pixel space of an image of `size`.
    public init(_ rect: NormalizedRect, in size: ImageSize) {
        let width = Double(size.width)
        let height = Double(size.height)
        self.init(
            x: rect.x * width, y: (1 - rect.y - rect.height) * height,
            width: rect.width * width, height: rect.height * height)
    }
}
