import ScryCore

/// A text box found in a frame or an image (a line, a word or a character), with its text and
/// confidence when recognized; in a stream, its line's track and event.
public struct TextLine: DetectionLine {
    public static let lineType = "text"

    public var text: TextObservation
    public var place: DetectionPlace

    public init(_ text: TextObservation, at place: DetectionPlace) {
        self.text = text
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        object["level"] = .string(text.level.rawValue)
        object["bounds"] = NormalizedRect(text.pixelBounds, in: imageSize).json
        object["pixel_bounds"] = text.pixelBounds.json
        if let corners = text.corners {
            object["corners"] = .array(corners.map { NormalizedPoint($0, in: imageSize).json })
            object["pixel_corners"] = .array(corners.map(\.json))
        }
        if let string = text.text { object["text"] = .string(string) }
        if let confidence = text.confidence { object["confidence"] = .rounded(confidence, decimals: 3) }
        return object
    }

    public static var examples: [TextLine] {
        let size = ImageSize(width: 1280, height: 720)
        let box = PixelRect(x: 100, y: 200, width: 300, height: 24)
        return [
            TextLine(TextObservation(level: .line, pixelBounds: box), source: .file("page.png"), in: size),
            TextLine(
                TextObservation(
                    level: .line, pixelBounds: box, text: "Scry reads this line", confidence: 0.93,
                    corners: [
                        PixelPoint(x: 100, y: 204), PixelPoint(x: 399, y: 200), PixelPoint(x: 400, y: 220),
                        PixelPoint(x: 101, y: 224),
                    ]),
                source: .frame(sequence: 4), in: size, track: TrackEvent(track: 2, event: "confirmed")),
            TextLine(
                TextObservation(level: .word, pixelBounds: box, text: "Scry", confidence: 0.97), source: .frame(sequence: 4),
                in: size, track: TrackEvent(track: 2, event: "seen")),
            TextLine(
                TextObservation(level: .character, pixelBounds: box), source: .frame(sequence: 9), in: size,
                track: TrackEvent(track: 2, event: "lost")),
        ]
    }
}

extension TextLine {
    /// A line's text, in the order lines are reported (reading order); nothing for a word, a
    /// character, or a box whose text was not read.
    public var plainText: String? {
        guard text.level == .line, PlainText.isNews(track), let words = text.text, !words.isEmpty else { return nil }
        return PlainText.oneLine(words)
    }
}
