/// The JSON Lines schema (docs/schema.json): builders for every line type. Coordinates come out
/// twice: `bounds`/`corners` normalized (0...1, origin bottom-left) and `pixel_bounds`/
/// `pixel_corners` in pixels (origin top-left), both in the upright image.
public enum DetectionEvents {
    /// Bumped whenever a field changes meaning or disappears.
    public static let schemaVersion = 1

    /// Where a detection was seen: a frame of a stream, or an image file.
    public enum Source: Sendable, Equatable {
        case frame(sequence: UInt64)
        case file(String)

        public var members: [String: JSONValue] {
            switch self {
            case .frame(let sequence): ["frame": .unsigned(sequence)]
            case .file(let path): ["file": .string(path)]
            }
        }
    }

    public static func session(_ members: [String: JSONValue]) -> JSONValue {
        var object = members
        object["type"] = .string("session")
        object["schema_version"] = .int(schemaVersion)
        return .object(object)
    }

    /// A still image's size, before its detections.
    public static func image(file: String, size: ImageSize, orientation: ImageOrientation) -> JSONValue {
        .object([
            "type": .string("image"), "file": .string(file), "width": .int(size.width),
            "height": .int(size.height), "orientation": .string(orientation.name),
        ])
    }

    /// `line` (a text or barcode line) with its track number and event.
    public static func tracked(_ line: JSONValue, track: Int, event: String) -> JSONValue {
        guard case .object(var object) = line else { preconditionFailure("detection lines are objects") }
        object["track"] = .int(track)
        object["event"] = .string(event)
        return .object(object)
    }

    /// `--orientation auto` chose `orientation` at `frame` (the frames from then on are turned
    /// upright by it, to an image of `uprightSize`).
    public static func orientation(
        frame: UInt64, orientation: ImageOrientation, estimate: OrientationEstimate, uprightSize: ImageSize
    ) -> JSONValue {
        .object([
            "type": .string("orientation"), "frame": .unsigned(frame), "orientation": .string(orientation.name),
            "confidence": .rounded(estimate.confidence, decimals: 2), "width": .int(uprightSize.width),
            "height": .int(uprightSize.height),
        ])
    }

    public static func stats(_ members: [String: JSONValue]) -> JSONValue {
        var object = members
        object["type"] = .string("stats")
        return .object(object)
    }

    public static func normalized(_ rect: NormalizedRect) -> JSONValue {
        .object([
            "x": .rounded(rect.x, decimals: 6), "y": .rounded(rect.y, decimals: 6),
            "width": .rounded(rect.width, decimals: 6), "height": .rounded(rect.height, decimals: 6),
        ])
    }

    public static func normalized(_ point: NormalizedPoint) -> JSONValue {
        .object(["x": .rounded(point.x, decimals: 6), "y": .rounded(point.y, decimals: 6)])
    }

    public static func pixels(_ rect: PixelRect) -> JSONValue {
        .object([
            "x": .rounded(rect.x, decimals: 2), "y": .rounded(rect.y, decimals: 2),
            "width": .rounded(rect.width, decimals: 2), "height": .rounded(rect.height, decimals: 2),
        ])
    }

    public static func pixels(_ point: PixelPoint) -> JSONValue {
        .object(["x": .rounded(point.x, decimals: 2), "y": .rounded(point.y, decimals: 2)])
    }
}
