import ScryCore

/// `scry scan`: a page found and flattened, and the file it was written to.
public struct PageLine: OutputLine {
    public static let lineType = "page"

    /// Where the page was found (its corners in `imageSize`'s pixel space).
    public var page: RectangleObservation
    public var source: DetectionSource
    /// The upright image's size, the space of the corners.
    public var imageSize: ImageSize
    /// The flattened page's file and size.
    public var output: String
    public var outputSize: ImageSize
    /// `PageFlattener.sharpness` of the flattened page.
    public var sharpness: Double

    public init(
        _ page: RectangleObservation, source: DetectionSource, in imageSize: ImageSize, output: String, outputSize: ImageSize,
        sharpness: Double
    ) {
        self.page = page
        self.source = source
        self.imageSize = imageSize
        self.output = output
        self.outputSize = outputSize
        self.sharpness = sharpness
    }

    public var members: [String: JSONValue] {
        var object = source.members
        object["corners"] = .array(page.corners.map { NormalizedPoint($0, in: imageSize).json })
        object["pixel_corners"] = .array(page.corners.map(\.json))
        object["confidence"] = .rounded(page.confidence, decimals: 3)
        object["output"] = .string(output)
        object["width"] = .int(outputSize.width)
        object["height"] = .int(outputSize.height)
        object["sharpness"] = .rounded(sharpness, decimals: 2)
        if !page.cut.isEmpty { object["cut"] = .array(page.cutNames.map { .string($0) }) }
        return object
    }

    public static var examples: [PageLine] {
        let size = ImageSize(width: 1280, height: 720)
        let page = RectangleObservation(
            corners: [PixelPoint(x: 420, y: 90), PixelPoint(x: 860, y: 110), PixelPoint(x: 890, y: 650), PixelPoint(x: 380, y: 640)],
            confidence: 0.97)
        return [
            PageLine(page, source: .file("desk.jpg"), in: size, output: "pages/page-0001.png", outputSize: ImageSize(width: 510, height: 551), sharpness: 9.41),
            PageLine(page, source: .frame(sequence: 45), in: size, output: "pages/page-0002.png", outputSize: ImageSize(width: 510, height: 551), sharpness: 8.2),
            PageLine(
                RectangleObservation(
                    corners: [PixelPoint(x: 300, y: -12.5), PixelPoint(x: 900, y: -4), PixelPoint(x: 930, y: 700), PixelPoint(x: 280, y: 712)],
                    confidence: 0.91, cut: [.top]),
                source: .file("close.jpg"), in: size, output: "pages/page-0003.png", outputSize: ImageSize(width: 1160, height: 1440),
                sharpness: 7.5),
        ]
    }
}

extension PageLine: PlainLine {
    /// The flattened page's file.
    public var plainText: String? { PlainText.oneLine(output) }

    public var plainSource: DetectionSource? { source }
}
