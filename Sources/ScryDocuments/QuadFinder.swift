internal import CDocumentGeometry
import ScryCore

/// Why OpenCV could not look at an image.
public struct DocumentGeometryError: Error, CustomStringConvertible {
    /// OpenCV's message.
    public var message: String
    public var description: String { "OpenCV: \(message)" }
}

/// A C string in a buffer, up to its first NUL.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The one wrapper of `CDocumentGeometry` (OpenCV's imgproc): quadrilaterals found in a gray
/// image, a quadrilateral flattened to a rectangle. Nothing else imports the C module.
enum QuadFinder {
    /// OpenCV runs on the calling thread only: each lane has one.
    private static let singleThreaded: Void = scry_document_geometry_single_threaded()

    /// The most quadrilaterals one image gives, whatever is asked: the room for the answer is
    /// made before OpenCV looks, so `--max-rectangles 1000000000` may not ask for 72 GB of it.
    static let mostQuads = 1_000

    /// Quadrilaterals in `image` passing `options`, best first, at most `limit` (and
    /// `mostQuads`): their corners (top-left first, clockwise) in the image's pixel space,
    /// within the image (0...width, 0...height) unless the image's border cuts them (with
    /// `options.includesCut`), their confidence, and the sides of the image that cut them.
    static func quads(in image: GrayImage, options: RectangleDetectorOptions, limit: Int) throws(DocumentGeometryError)
        -> [(corners: [PixelPoint], confidence: Double, cut: Set<ImageSide>)]
    {
        _ = singleThreaded
        let limit = min(limit, mostQuads)
        guard limit > 0 else { return [] }
        var settings = scry_quad_options(
            minimum_aspect_ratio: options.minimumAspectRatio, maximum_aspect_ratio: options.maximumAspectRatio,
            quadrature_tolerance: options.quadratureTolerance, minimum_size: options.minimumSize,
            minimum_confidence: options.minimumConfidence, includes_cut: options.includesCut ? 1 : 0)
        var found = [scry_quad](repeating: scry_quad(), count: limit)
        var message = [CChar](repeating: 0, count: 256)
        let count = image.pixels.withUnsafeBufferPointer { pixels in
            scry_find_quads(
                pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), &settings, &found,
                Int32(limit), &message, message.count)
        }
        guard count >= 0 else { throw DocumentGeometryError(message: text(message)) }
        return found.prefix(Int(count)).map { quad in
            let xs = withUnsafeBytes(of: quad.x) { Array($0.bindMemory(to: Double.self)) }
            let ys = withUnsafeBytes(of: quad.y) { Array($0.bindMemory(to: Double.self)) }
            // A corner refined onto the picture's very edge may lie a fraction of a pixel
            // outside it: it is put on the edge. A corner the border cuts off stays beyond it.
            let (width, height) = (Double(image.width), Double(image.height))
            func placed(_ value: Double, _ limit: Double) -> Double { value < 0 && value > -1 ? 0 : value > limit && value < limit + 1 ? limit : value }
            let cut = Set(ImageSide.allCases.filter { Int(quad.cut) & $0.bit != 0 })
            let corners = (0..<4).map { index in
                cut.isEmpty
                    ? PixelPoint(x: min(width, max(0, xs[index])), y: min(height, max(0, ys[index])))
                    : PixelPoint(x: placed(xs[index], width), y: placed(ys[index], height))
            }
            return (corners, quad.confidence, cut)
        }
    }

    /// The quadrilateral `corners` (top-left first, clockwise) of `image` mapped onto a
    /// `size` rectangle by a perspective transform, sampled bicubically; with `followingEdges`,
    /// bent to follow the page's edges where they bow (see `scry_flatten_quad`).
    static func flatten(
        _ image: GrayImage, corners: [PixelPoint], to size: ImageSize, followingEdges: Bool = false
    ) throws(DocumentGeometryError) -> GrayImage {
        _ = singleThreaded
        precondition(corners.count == 4 && size.width > 0 && size.height > 0)
        var xs = corners.map(\.x), ys = corners.map(\.y)
        var message = [CChar](repeating: 0, count: 256)
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: size.width * size.height) { output, count in
            status = image.pixels.withUnsafeBufferPointer { source in
                scry_flatten_quad(
                    source.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), &xs, &ys,
                    followingEdges ? 1 : 0,
                    output.baseAddress, Int32(size.width), Int32(size.height), &message, message.count)
            }
            count = output.count
        }
        guard status == 0 else { throw DocumentGeometryError(message: text(message)) }
        return GrayImage(width: size.width, height: size.height, pixels: pixels)
    }
}
