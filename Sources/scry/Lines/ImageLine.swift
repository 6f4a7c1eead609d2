import ScryCore

/// A still image's size and how it was turned upright, before its detections.
public struct ImageLine: OutputLine {
    public static let lineType = "image"

    /// Which orientation was applied: given by an option, detected from the text (`auto`),
    /// the file's EXIF orientation, or upright by default.
    public enum OrientationSource: String, Sendable { case option, auto, exif, `default` }

    public var file: String
    /// The upright image's size.
    public var size: ImageSize
    public var orientation: ImageOrientation
    public var orientationSource: OrientationSource
    /// With `--orientation auto`: the detection's confidence (0 when there was too little text).
    public var orientationConfidence: Double?
    /// With `--orientation auto`: whether the detection decided (false: undecided, or too little
    /// text; the image is then read as stored, `up`).
    public var orientationDecided: Bool?
    /// A file with several pages (only the first is read).
    public var pages: Int?

    public init(
        file: String, size: ImageSize, orientation: ImageOrientation, orientationSource: OrientationSource,
        orientationConfidence: Double? = nil, orientationDecided: Bool? = nil, pages: Int? = nil
    ) {
        self.orientationDecided = orientationDecided
        self.file = file
        self.size = size
        self.orientation = orientation
        self.orientationSource = orientationSource
        self.orientationConfidence = orientationConfidence
        self.pages = pages
    }

    public var members: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "file": .string(file), "width": .int(size.width), "height": .int(size.height),
            "orientation": .string(orientation.name), "orientation_source": .string(orientationSource.rawValue),
        ]
        if let orientationConfidence { object["orientation_confidence"] = .rounded(orientationConfidence, decimals: 2) }
        if let orientationDecided { object["orientation_decided"] = .bool(orientationDecided) }
        if let pages { object["pages"] = .int(pages) }
        return object
    }

    public static var examples: [ImageLine] {
        [
            ImageLine(file: "a.png", size: ImageSize(width: 640, height: 480), orientation: .up, orientationSource: .default),
            ImageLine(
                file: "b.jpg", size: ImageSize(width: 480, height: 640), orientation: .right, orientationSource: .auto,
                orientationConfidence: 0.93, orientationDecided: true, pages: 3),
            ImageLine(file: "c.jpg", size: ImageSize(width: 10, height: 10), orientation: .leftMirrored, orientationSource: .exif),
            ImageLine(file: "d.tif", size: ImageSize(width: 10, height: 10), orientation: .down, orientationSource: .option),
        ]
    }
}
