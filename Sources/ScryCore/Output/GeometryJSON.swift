/// Coordinates as the JSON lines give them: normalized (0...1, origin bottom-left, 6 decimals)
/// and in pixels (origin top-left, 2 decimals).
extension NormalizedRect {
    public var json: JSONValue {
        .object([
            "x": .rounded(x, decimals: 6), "y": .rounded(y, decimals: 6),
            "width": .rounded(width, decimals: 6), "height": .rounded(height, decimals: 6),
        ])
    }
}

extension NormalizedPoint {
    public var json: JSONValue { .object(["x": .rounded(x, decimals: 6), "y": .rounded(y, decimals: 6)]) }
}

extension PixelRect {
    public var json: JSONValue {
        .object([
            "x": .rounded(x, decimals: 2), "y": .rounded(y, decimals: 2),
            "width": .rounded(width, decimals: 2), "height": .rounded(height, decimals: 2),
        ])
    }
}

extension PixelPoint {
    public var json: JSONValue { .object(["x": .rounded(x, decimals: 2), "y": .rounded(y, decimals: 2)]) }
}
