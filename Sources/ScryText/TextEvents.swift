import ScryCore

extension DetectionEvents {
    /// A text line's track event.
    public static func trackedText(_ report: TextTracker.Report, in size: ImageSize) -> JSONValue {
        DetectionEvents.tracked(text(report.line, source: .frame(sequence: report.frame), in: size), track: report.track, event: report.event.rawValue)
    }

    public static func text(_ text: TextObservation, source: Source, in size: ImageSize) -> JSONValue {
        var object = source.members
        object["type"] = .string("text")
        object["level"] = .string(text.level.rawValue)
        object["bounds"] = DetectionEvents.normalized(NormalizedRect(text.pixelBounds, in: size))
        object["pixel_bounds"] = DetectionEvents.pixels(text.pixelBounds)
        if let string = text.text { object["text"] = .string(string) }
        if let confidence = text.confidence { object["confidence"] = .rounded(confidence, decimals: 3) }
        return .object(object)
    }

}
