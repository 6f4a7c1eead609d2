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

        var members: [String: JSONValue] {
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

    public static func barcode(_ barcode: BarcodeObservation, source: Source, in size: ImageSize) -> JSONValue {
        var object = source.members
        object["type"] = .string("barcode")
        object["symbology"] = .string(barcode.symbology.rawValue)
        if let raw = barcode.undecodedPayload {
            // Bytes that are not UTF-8, shown as the decoder's guess at their text; base64
            // keeps them exactly, and the charset says which guess was made.
            object["payload"] = .string(String(decoding: barcode.payload, as: UTF8.self))
            object["payload_base64"] = .string(Base64.encode(raw))
            object["payload_charset"] = .string(barcode.payloadCharset ?? "unknown")
        } else if let text = barcode.payloadText {
            object["payload"] = .string(text)
        } else {
            // Invalid UTF-8: the text shows U+FFFD where bytes were lost; base64 keeps them all.
            object["payload"] = .string(String(decoding: barcode.payload, as: UTF8.self))
            object["payload_base64"] = .string(Base64.encode(barcode.payload))
        }
        object["bounds"] = normalized(NormalizedRect(barcode.pixelBounds, in: size))
        object["pixel_bounds"] = pixels(barcode.pixelBounds)
        object["corners"] = .array(barcode.corners.map { normalized(NormalizedPoint($0, in: size)) })
        object["pixel_corners"] = .array(barcode.corners.map(pixels))
        object["engines"] = .array(barcode.engines.map(JSONValue.string))
        object["module_px"] = barcode.modulePixels.map { .rounded($0, decimals: 2) } ?? .null
        object["meets_minimum"] = barcode.meetsMinimum.map(JSONValue.bool) ?? .null
        let value = barcode.value
        object["value_type"] = .string(value.kind.rawValue)
        if value.kind != .text { object["value"] = .object(value.fields) }
        return .object(object)
    }

    /// A barcode line for a track event: the sighting's line plus `track` and `event`, from
    /// the frame the sighting was made in.
    public static func trackedBarcode(_ report: BarcodeTracker.Report, in size: ImageSize) -> JSONValue {
        tracked(
            barcode(report.barcode, source: .frame(sequence: report.frame), in: size), track: report.track,
            event: report.event.rawValue)
    }

    /// A text line's track event.
    public static func trackedText(_ report: TextTracker.Report, in size: ImageSize) -> JSONValue {
        tracked(text(report.line, source: .frame(sequence: report.frame), in: size), track: report.track, event: report.event.rawValue)
    }

    /// `line` (a text or barcode line) with its track number and event.
    public static func tracked(_ line: JSONValue, track: Int, event: String) -> JSONValue {
        guard case .object(var object) = line else { preconditionFailure("detection lines are objects") }
        object["track"] = .int(track)
        object["event"] = .string(event)
        return .object(object)
    }

    public static func text(_ text: TextObservation, source: Source, in size: ImageSize) -> JSONValue {
        var object = source.members
        object["type"] = .string("text")
        object["level"] = .string(text.level.rawValue)
        object["bounds"] = normalized(NormalizedRect(text.pixelBounds, in: size))
        object["pixel_bounds"] = pixels(text.pixelBounds)
        if let string = text.text { object["text"] = .string(string) }
        if let confidence = text.confidence { object["confidence"] = .rounded(confidence, decimals: 3) }
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

    static func normalized(_ rect: NormalizedRect) -> JSONValue {
        .object([
            "x": .rounded(rect.x, decimals: 6), "y": .rounded(rect.y, decimals: 6),
            "width": .rounded(rect.width, decimals: 6), "height": .rounded(rect.height, decimals: 6),
        ])
    }

    static func normalized(_ point: NormalizedPoint) -> JSONValue {
        .object(["x": .rounded(point.x, decimals: 6), "y": .rounded(point.y, decimals: 6)])
    }

    static func pixels(_ rect: PixelRect) -> JSONValue {
        .object([
            "x": .rounded(rect.x, decimals: 2), "y": .rounded(rect.y, decimals: 2),
            "width": .rounded(rect.width, decimals: 2), "height": .rounded(rect.height, decimals: 2),
        ])
    }

    static func pixels(_ point: PixelPoint) -> JSONValue {
        .object(["x": .rounded(point.x, decimals: 2), "y": .rounded(point.y, decimals: 2)])
    }
}
