import ScryCore

/// A rectangle found in a frame or an image: its four corners in both spaces, its box and
/// confidence; in a stream, its track and event.
public struct RectangleLine: OutputLine {
    public static let lineType = "rectangle"

    public var rectangle: RectangleObservation
    public var source: DetectionSource
    /// The upright image's size, the space of the corners.
    public var imageSize: ImageSize
    public var track: TrackEvent?

    public init(_ rectangle: RectangleObservation, source: DetectionSource, in imageSize: ImageSize, track: TrackEvent? = nil) {
        self.rectangle = rectangle
        self.source = source
        self.imageSize = imageSize
        self.track = track
    }

    /// A rectangle's track event, from the frame the sighting was made in.
    public init(_ report: RectangleTracker.Report, in imageSize: ImageSize) {
        self.init(
            report.item, source: .frame(sequence: report.frame), in: imageSize,
            track: TrackEvent(track: report.track, event: report.event.rawValue))
    }

    public var members: [String: JSONValue] {
        var object = source.members
        object["corners"] = .array(rectangle.corners.map { NormalizedPoint($0, in: imageSize).json })
        object["pixel_corners"] = .array(rectangle.corners.map(\.json))
        object["bounds"] = NormalizedRect(rectangle.pixelBounds, in: imageSize).json
        object["pixel_bounds"] = rectangle.pixelBounds.json
        object["confidence"] = .rounded(rectangle.confidence, decimals: 3)
        if let track {
            object["track"] = .int(track.track)
            object["event"] = .string(track.event)
        }
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
        ]
    }
}

extension RectangleLine: PlainLine {
    /// `rectangle x,y x,y x,y x,y`: its corners in pixels from the image's top-left corner.
    public var plainText: String? {
        PlainText.isNews(track) ? "rectangle " + PlainText.points(rectangle.corners) : nil
    }

    public var plainSource: DetectionSource? { source }
}
