import ScryCore

/// A rectangle found in a frame or an image: its four corners in both spaces, its box and
/// confidence; in a stream, its track and event.
public struct RectangleLine: DetectionLine {
    public static let lineType = "rectangle"

    public var rectangle: RectangleObservation
    public var place: DetectionPlace

    public init(_ rectangle: RectangleObservation, at place: DetectionPlace) {
        self.rectangle = rectangle
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        object["corners"] = .array(rectangle.corners.map { NormalizedPoint($0, in: imageSize).json })
        object["pixel_corners"] = .array(rectangle.corners.map(\.json))
        // The box of what is in view (a cut rectangle's corners lie beyond the image).
        let box = rectangle.pixelBounds
        let left = max(0, box.x), top = max(0, box.y)
        let right = min(Double(imageSize.width), box.x + box.width), bottom = min(Double(imageSize.height), box.y + box.height)
        let inView = PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        object["bounds"] = NormalizedRect(inView, in: imageSize).json
        object["pixel_bounds"] = inView.json
        object["confidence"] = .rounded(rectangle.confidence, decimals: 3)
        if !rectangle.cut.isEmpty { object["cut"] = .array(rectangle.cutNames.map { .string($0) }) }
        return object
    }

    public static var examples: [RectangleLine] {
        let size = ImageSize(width: 1280, height: 720)
        let page = RectangleObservation(
            corners: [
                PixelPoint(x: 402.5, y: 88), PixelPoint(x: 861, y: 102.25), PixelPoint(x: 884, y: 655),
                PixelPoint(x: 380, y: 640.5),
            ], confidence: 0.91)
        return [
            RectangleLine(page, source: .file("page.jpg"), in: size),
            RectangleLine(page, source: .frame(sequence: 30), in: size, track: TrackEvent(track: 1, event: "confirmed")),
            RectangleLine(
                RectangleObservation(
                    corners: [PixelPoint(x: 300, y: -12.5), PixelPoint(x: 900, y: -4), PixelPoint(x: 930, y: 700), PixelPoint(x: 280, y: 712)],
                    confidence: 0.91, cut: [.top]),
                source: .file("close.jpg"), in: size),
        ]
    }
}

extension RectangleLine {
    /// `rectangle x,y x,y x,y x,y`: its corners in pixels from the image's top-left corner.
    public var plainText: String? {
        PlainText.isNews(track) ? "rectangle " + PlainText.points(rectangle.corners) : nil
    }
}
