import ScryCore

extension DetectionEvents {
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
        object["bounds"] = DetectionEvents.normalized(NormalizedRect(barcode.pixelBounds, in: size))
        object["pixel_bounds"] = DetectionEvents.pixels(barcode.pixelBounds)
        object["corners"] = .array(barcode.corners.map { DetectionEvents.normalized(NormalizedPoint($0, in: size)) })
        object["pixel_corners"] = .array(barcode.corners.map(DetectionEvents.pixels))
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
        DetectionEvents.tracked(
            barcode(report.barcode, source: .frame(sequence: report.frame), in: size), track: report.track,
            event: report.event.rawValue)
    }

}
