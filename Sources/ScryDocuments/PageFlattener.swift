import ScryCore

/// Finds the page in an image and flattens it, as a document camera does: the largest
/// rectangle found with a confidence of at least 0.5, mapped onto an upright rectangle of
/// its own proportions by a perspective transform.
public final class PageFlattener {
    /// What counts as a page: any rectangle from a narrow receipt (short side a quarter of
    /// the long one) to a square, corners within 30 degrees of square, its short side at least
    /// a fifth of the image's smaller side.
    public static let pageOptions: RectangleDetectorOptions = {
        var options = RectangleDetectorOptions()
        options.minimumAspectRatio = 0.25
        options.maximumObservations = 0
        return options
    }()

    /// The least confidence (share of the outline on edges) of a page.
    public static let minimumConfidence = 0.5

    private let detector = RectangleDetector(options: PageFlattener.pageOptions)

    public init() {}

    /// The page in `image`: the largest confident rectangle, or nil.
    public func page(in image: GrayImage) throws(DocumentGeometryError) -> RectangleObservation? {
        try detector.rectangles(in: image).filter { $0.confidence >= Self.minimumConfidence }.max { $0.area < $1.area }
    }

    /// `page` of `image` flattened to `flatSize(of:in:)`, its bowed edges followed (a curling
    /// page's edges become the flattened page's), enlarged twice over (at most to 2400 px on
    /// its longer side) and sampled bicubically: a webcam's page is small print, and
    /// reading it from the enlarged page found more of the words than from the frame
    /// (docs/document-benchmark.md), where a page flattened at its own size found fewer.
    public func flatten(_ image: GrayImage, page: RectangleObservation) throws(DocumentGeometryError) -> GrayImage {
        let size = Self.flatSize(of: page, in: image.size)
        let enlargement = max(1, min(2, 2400 / Double(max(size.width, size.height))))
        return try QuadFinder.flatten(
            image, corners: page.corners,
            to: ImageSize(width: Int((Double(size.width) * enlargement).rounded()), height: Int((Double(size.height) * enlargement).rounded())),
            followingEdges: true)
    }

    /// The flattened page's size: the page's own proportions (`aspectRatio(of:in:)`), at
    /// least as wide as its longer top or bottom side and as high as its longer left or right
    /// side look in the frame, so that no part loses resolution.
    public static func flatSize(of page: RectangleObservation, in imageSize: ImageSize) -> ImageSize {
        let c = page.corners
        let seenWidth = max(c[0].distance(to: c[1]), c[3].distance(to: c[2]))
        let seenHeight = max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        let ratio = aspectRatio(of: page, in: imageSize) ?? seenWidth / seenHeight
        let (width, height) = seenWidth / seenHeight >= ratio ? (seenWidth, seenWidth / ratio) : (seenHeight * ratio, seenHeight)
        return ImageSize(width: max(1, Int(width.rounded())), height: max(1, Int(height.rounded())))
    }

    /// The page's width over its height as it is, undoing the perspective: Zhang and He's
    /// method ("Whiteboard scanning and image enhancement", 2007), which finds the camera's
    /// focal length from the four corners, taking the principal point at the image's centre
    /// and square pixels. When the corners give no plausible focal length (a view from
    /// straight ahead, where it cannot be told, or corners no camera could see) the ratio is
    /// the affine one, from the same vanishing directions. Nil for corners that give neither.
    public static func aspectRatio(of page: RectangleObservation, in imageSize: ImageSize) -> Double? {
        typealias Vector = (x: Double, y: Double, z: Double)
        func cross(_ a: Vector, _ b: Vector) -> Vector {
            (a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }
        let point = { (p: PixelPoint) -> Vector in (p.x, p.y, 1) }
        // Zhang's m1..m4 are the rectangle's (0,0), (w,0), (0,h), (w,h).
        let m1 = point(page.corners[0]), m2 = point(page.corners[1]), m3 = point(page.corners[3]), m4 = point(page.corners[2])
        let k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3)
        let k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2)
        guard k2.isFinite, k3.isFinite else { return nil }
        let n2: Vector = (k2 * m2.x - m1.x, k2 * m2.y - m1.y, k2 * m2.z - m1.z)
        let n3: Vector = (k3 * m3.x - m1.x, k3 * m3.y - m1.y, k3 * m3.z - m1.z)
        let affine = ((n2.x * n2.x + n2.y * n2.y) / (n3.x * n3.x + n3.y * n3.y)).squareRoot()
        let (u0, v0) = (Double(imageSize.width) / 2, Double(imageSize.height) / 2)
        let product = n2.z * n3.z
        let focalSquared = -((n2.x * n3.x - (n2.x * n3.z + n2.z * n3.x) * u0 + product * u0 * u0)
            + (n2.y * n3.y - (n2.y * n3.z + n2.z * n3.y) * v0 + product * v0 * v0)) / product
        let longer = Double(max(imageSize.width, imageSize.height))
        // A webcam's focal length lies between a fisheye's and a telephoto's: 0.3 to 10 times
        // the image's width.
        guard product.magnitude > 1e-12, focalSquared.isFinite, focalSquared > 0,
            (0.3 * longer...10 * longer).contains(focalSquared.squareRoot())
        else { return affine.isFinite && affine > 0 ? affine : nil }
        let f = focalSquared.squareRoot()
        // |A^-1 n|^2 with A = [[f, 0, u0], [0, f, v0], [0, 0, 1]].
        func normalized(_ n: Vector) -> Double {
            let x = (n.x - u0 * n.z) / f, y = (n.y - v0 * n.z) / f
            return x * x + y * y + n.z * n.z
        }
        let ratio = (normalized(n2) / normalized(n3)).squareRoot()
        return ratio.isFinite && ratio > 0 ? ratio : (affine.isFinite && affine > 0 ? affine : nil)
    }

    /// How sharp `image` is: the mean of the strongest 1% of steps between neighbouring
    /// pixels (across plus down, on every second row and column), the steps of its print's
    /// edges. A blurred picture of the same page scores lower; sensor noise, whose steps are
    /// small, hardly counts.
    public static func sharpness(of image: GrayImage) -> Double {
        guard image.width > 2, image.height > 2 else { return 0 }
        var histogram = [Int](repeating: 0, count: 511)
        var count = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: 0, to: image.height - 1, by: 2) {
                let row = y * image.width
                for x in stride(from: 0, to: image.width - 1, by: 2) {
                    let here = Int(pixels[row + x])
                    histogram[abs(Int(pixels[row + x + 1]) - here) + abs(Int(pixels[row + image.width + x]) - here)] += 1
                    count += 1
                }
            }
        }
        var wanted = max(1, count / 100)
        var total = 0
        let taken = wanted
        for step in stride(from: histogram.count - 1, through: 0, by: -1) where wanted > 0 {
            let here = min(histogram[step], wanted)
            total += here * step
            wanted -= here
        }
        return Double(total) / Double(taken)
    }
}
