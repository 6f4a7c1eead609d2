/// The size of an image in pixels.
public struct ImageSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A point in pixel space: origin at the top-left corner of the image, x to the right, y down,
/// in pixels. The centre of the top-left pixel is (0.5, 0.5).
public struct PixelPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in pixel space: origin at the top-left corner of the image, y down; `x`, `y` is
/// the rectangle's top-left corner.
public struct PixelRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding every point; nil for no points.
    public init?(enclosing points: [PixelPoint]) {
        guard let first = points.first else { return nil }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points.dropFirst() {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var area: Double { max(0, width) * max(0, height) }

    /// Intersection over union with `other`: 0 when disjoint, 1 when equal.
    public func intersectionOverUnion(_ other: PixelRect) -> Double {
        let left = max(x, other.x)
        let right = min(x + width, other.x + other.width)
        let top = max(y, other.y)
        let bottom = min(y + height, other.y + other.height)
        let intersection = max(0, right - left) * max(0, bottom - top)
        let union = area + other.area - intersection
        return union > 0 ? intersection / union : 0
    }
}

/// A point in normalized space, Vision's convention: both axes run 0...1 across the image,
/// origin at the bottom-left corner, y up.
public struct NormalizedPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in normalized space (0...1, origin bottom-left, y up); `x`, `y` is the
/// rectangle's bottom-left corner, as in Vision's `boundingBox`.
public struct NormalizedRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension PixelRect {
    /// The rectangle's centre.
    public var centre: PixelPoint { PixelPoint(x: x + width / 2, y: y + height / 2) }

    /// Whether `point` lies inside the rectangle (left and top edges included).
    public func contains(_ point: PixelPoint) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }
}

extension PixelPoint {
    /// The straight-line distance to `other`, in pixels.
    public func distance(to other: PixelPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
