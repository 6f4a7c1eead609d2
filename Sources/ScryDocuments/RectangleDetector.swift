import ScryCore

/// Finds rectangles in upright gray images, as Vision's `VNDetectRectanglesRequest` does:
/// quadrilaterals whose sides lie on edges of the image, within the options' aspect ratios,
/// corner angles and size, best first (see `CDocumentGeometry` for how). About 3-5 ms for a
/// 1280x720 frame on one core, so one detector serves every frame of a stream.
public final class RectangleDetector {
    public let options: RectangleDetectorOptions

    public init(options: RectangleDetectorOptions = RectangleDetectorOptions()) {
        self.options = options
    }

    /// The rectangles in `image`, best first, at most `options.maximumObservations` (all
    /// when 0), and never more than `QuadFinder.mostQuads`. An image without one gives none.
    public func rectangles(in image: GrayImage) throws(DocumentGeometryError) -> [RectangleObservation] {
        let limit = options.maximumObservations == 0 ? QuadFinder.mostQuads : options.maximumObservations
        return try QuadFinder.quads(in: image, options: options, limit: limit)
            .map { RectangleObservation(corners: $0.corners, confidence: $0.confidence, cut: $0.cut) }
    }
}
