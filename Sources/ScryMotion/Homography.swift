import ScryCore

/// A plane projective transform between two images' pixel spaces, in continuous pixel
/// coordinates: origin at an image's top-left corner, x right, y down, pixel (i, j) covering
/// [i, i+1) x [j, j+1), so that its centre is (i + 0.5, j + 0.5). A point (x, y) maps to
/// (x'/w, y'/w) where (x', y', w) is the matrix times (x, y, 1).
public struct Homography: Sendable, Equatable {
    /// The 3x3 matrix, row by row, scaled so that its last element is 1.
    public var elements: [Double]

    /// `elements` must hold nine finite numbers.
    public init(elements: [Double]) {
        precondition(elements.count == 9, "Homography: \(elements.count) elements")
        let last = elements[8]
        self.elements = last != 0 && last != 1 ? elements.map { $0 / last } : elements
    }

    public static let identity = Homography(elements: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Where `point` lands; nil for a point the transform sends to infinity.
    public func map(_ point: PixelPoint) -> PixelPoint? {
        let e = elements
        let w = e[6] * point.x + e[7] * point.y + e[8]
        guard abs(w) > 1e-12 else { return nil }
        return PixelPoint(x: (e[0] * point.x + e[1] * point.y + e[2]) / w, y: (e[3] * point.x + e[4] * point.y + e[5]) / w)
    }

    /// `other` first, then this transform.
    public func after(_ other: Homography) -> Homography {
        let a = elements, b = other.elements
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                product[row * 3 + column] = (0..<3).reduce(0) { $0 + a[row * 3 + $1] * b[$1 * 3 + column] }
            }
        }
        return Homography(elements: product)
    }

    /// How far the centre of an image of `size` moves: where it lands minus where it is, in
    /// pixels (x right, y down). For a camera that only slid sideways, the translation of the
    /// whole picture.
    public func translation(ofImageOf size: ImageSize) -> PixelPoint? {
        let centre = PixelPoint(x: Double(size.width) / 2, y: Double(size.height) / 2)
        return map(centre).map { PixelPoint(x: $0.x - centre.x, y: $0.y - centre.y) }
    }
}
