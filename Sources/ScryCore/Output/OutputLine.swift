/// One line of scry's output, as docs/schema.json describes it: one Swift type per line type.
/// Every line is written by `JSONLinesWriter` (sorted keys, C0 and C1 controls and U+2028/9
/// escaped).
public protocol OutputLine: Sendable {
    /// The line's `type` member, as the schema names it.
    static var lineType: String { get }
    /// The line's members besides `type`.
    var members: [String: JSONValue] { get }
    /// Lines of this type covering its optional members, for the test that checks them against
    /// docs/schema.json.
    static var examples: [Self] { get }
}

extension OutputLine {
    /// The whole line as one string without its newline, as `JSONLinesWriter` writes it.
    public var serialized: String { json.serialized }

    /// The whole line: its members and its `type`.
    public var json: JSONValue {
        var object = members
        object["type"] = .string(Self.lineType)
        return .object(object)
    }
}

/// Where a detection was seen: a frame of a stream, or an image file.
public enum DetectionSource: Sendable, Equatable {
    case frame(sequence: UInt64)
    case file(String)

    /// `frame` or `file`, the member a detection line names it by.
    public var members: [String: JSONValue] {
        switch self {
        case .frame(let sequence): ["frame": .unsigned(sequence)]
        case .file(let path): ["file": .string(path)]
        }
    }
}

/// A detection's place in a stream's tracks: its track number and what happened to it.
public struct TrackEvent: Sendable, Equatable {
    public var track: Int
    /// `confirmed`, `seen`, `unconfirmed`, `read` (a text line's text, after its box) or `lost`.
    public var event: String

    public init(track: Int, event: String) {
        self.track = track
        self.event = event
    }
}
