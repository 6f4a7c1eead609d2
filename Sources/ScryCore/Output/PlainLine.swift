/// A line of output that also has a form a person reads at a glance (`--plain`): what was
/// found and nothing else, as zbarimg prints `QR-Code:payload` and tesseract a page's text.
public protocol PlainLine {
    /// The plain form, without its newline and with no newline inside (`PlainText.oneLine`),
    /// or nil when this line says nothing new to a person: a text box without its text, a
    /// track's `seen`, `unconfirmed` or `lost`.
    var plainText: String? { get }
    /// Where the detection was seen, for the file name plain output puts before it when a run
    /// reads several files.
    var plainSource: DetectionSource? { get }
}

extension PlainLine {
    public var plainSource: DetectionSource? { nil }
}

/// Helpers for plain forms.
public enum PlainText {
    /// `text` on one line: line breaks, tabs and other control characters written as `\n`,
    /// `\t`, `\r` or `\u{...}`, so each detection stays one line.
    public static func oneLine(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a detection with `track` is news to a person: an image's detection (no track),
    /// a track's first sighting (`confirmed`), or a text line's first reading (`read`).
    public static func isNews(_ track: TrackEvent?) -> Bool {
        guard let track else { return true }
        return track.event == "confirmed" || track.event == "read"
    }

    /// A box as `x,y wxh`, in whole pixels from the image's top-left corner.
    public static func box(_ rect: PixelRect) -> String {
        "\(Int(rect.x.rounded())),\(Int(rect.y.rounded())) \(Int(rect.width.rounded()))x\(Int(rect.height.rounded()))"
    }

    /// Points as `x,y x,y ...`, in whole pixels from the image's top-left corner.
    public static func points(_ points: [PixelPoint]) -> String {
        points.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " ")
    }
}
