import ScryCore

/// A barcode found in a frame or an image: its symbology, payload (with the raw bytes when
/// they are not UTF-8 text), where it is (normalized and in pixels), which engines read it,
/// its module size and what the payload means; in a stream, its track and event.
public struct BarcodeLine: DetectionLine {
    public static let lineType = "barcode"

    public var barcode: BarcodeObservation
    public var place: DetectionPlace

    public init(_ barcode: BarcodeObservation, at place: DetectionPlace) {
        self.barcode = barcode
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        var object: [String: JSONValue] = [:]
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
        object["bounds"] = NormalizedRect(barcode.pixelBounds, in: imageSize).json
        object["pixel_bounds"] = barcode.pixelBounds.json
        object["corners"] = .array(barcode.corners.map { NormalizedPoint($0, in: imageSize).json })
        object["pixel_corners"] = .array(barcode.corners.map(\.json))
        object["engines"] = .array(barcode.engines.map(JSONValue.string))
        object["module_px"] = barcode.modulePixels.map { .rounded($0, decimals: 2) } ?? .null
        object["meets_minimum"] = barcode.meetsMinimum.map(JSONValue.bool) ?? .null
        let value = barcode.value
        object["value_type"] = .string(value.kind.rawValue)
        if value.kind != .text { object["value"] = .object(value.fields) }
        return object
    }

    public static var examples: [BarcodeLine] {
        let corners = [
            PixelPoint(x: 10, y: 10), PixelPoint(x: 110, y: 12), PixelPoint(x: 108, y: 112), PixelPoint(x: 9, y: 110),
        ]
        let size = ImageSize(width: 640, height: 480)
        let url = BarcodeObservation(
            symbology: .qr_code, payload: Array("https://example.org/".utf8), corners: corners, engines: ["zbar", "zxing"],
            modulePixels: 4.2, meetsMinimum: true)
        let wifi = BarcodeObservation(
            symbology: .qr_code, payload: Array("WIFI:S:home;T:WPA;P:secret;;".utf8), corners: corners, engines: ["zxing"])
        var latin1 = BarcodeObservation(symbology: .code_128, payload: Array("Grüße".utf8), corners: corners, engines: ["zxing"])
        latin1.undecodedPayload = [0x47, 0x72, 0xFC, 0xDF, 0x65]
        latin1.payloadCharset = "ISO-8859-1"
        let binary = BarcodeObservation(
            symbology: .data_matrix, payload: [0xFF, 0x00, 0x41], corners: corners, engines: ["zxing"], modulePixels: 1.1,
            meetsMinimum: false)
        let gs1 = BarcodeObservation(
            symbology: .code_128, payload: Array("0109506000134352".utf8), corners: corners, engines: ["zxing"], isGS1: true)
        return [
            BarcodeLine(url, source: .frame(sequence: 7), in: size, track: TrackEvent(track: 1, event: "confirmed")),
            BarcodeLine(wifi, source: .file("a.png"), in: size),
            BarcodeLine(latin1, source: .file("b.png"), in: size),
            BarcodeLine(binary, source: .frame(sequence: UInt64.max), in: size, track: TrackEvent(track: 2, event: "lost")),
            BarcodeLine(gs1, source: .frame(sequence: 1), in: size, track: TrackEvent(track: 3, event: "unconfirmed")),
            BarcodeLine(url, source: .frame(sequence: 8), in: size, track: TrackEvent(track: 1, event: "seen")),
        ]
    }
}

extension BarcodeLine {
    /// `symbology:payload`, as zbarimg prints `QR-Code:payload` (the payload as its text, one
    /// line: `PlainText.oneLine`).
    public var plainText: String? {
        guard PlainText.isNews(track) else { return nil }
        return barcode.symbology.rawValue + ":" + PlainText.oneLine(String(decoding: barcode.payload, as: UTF8.self))
    }
}
