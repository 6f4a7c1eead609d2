/// A line that reports one detection (a barcode, a text box, a face, a rectangle): what every
/// such line shares is where the detection was seen (a frame or a file), the upright image
/// size its coordinates refer to, and in a stream its track and event. A line type gives its
/// own members (`detectionMembers`) and its plain form; the rest comes from here.
public protocol DetectionLine: OutputLine, PlainLine {
    /// What the detector found.
    associatedtype Item: Sendable
    init(_ item: Item, at place: DetectionPlace)
    /// Where it was seen, in which space, and its track.
    var place: DetectionPlace { get }
    /// The members that describe the detection itself (not `frame`/`file`, `track`, `event`).
    var detectionMembers: [String: JSONValue] { get }
}

/// Where a detection was seen: the frame or file, the upright image's size (the space of its
/// line's coordinates), and in a stream its track and event.
public struct DetectionPlace: Sendable, Equatable {
    public var source: DetectionSource
    public var imageSize: ImageSize
    public var track: TrackEvent?

    public init(source: DetectionSource, imageSize: ImageSize, track: TrackEvent? = nil) {
        self.source = source
        self.imageSize = imageSize
        self.track = track
    }
}

extension DetectionLine {
    public init(_ item: Item, source: DetectionSource, in imageSize: ImageSize, track: TrackEvent? = nil) {
        self.init(item, at: DetectionPlace(source: source, imageSize: imageSize, track: track))
    }

    public var source: DetectionSource { place.source }
    /// The upright image's size, the space of the line's coordinates.
    public var imageSize: ImageSize { place.imageSize }
    public var track: TrackEvent? { place.track }

    /// A track event's line: the sighting it is about, from the frame the sighting was made in.
    public init(_ report: Tracker<Item>.Report, in imageSize: ImageSize) {
        self.init(report.item, source: .frame(sequence: report.frame), in: imageSize, track: report.trackEvent)
    }

    public var members: [String: JSONValue] {
        var object = detectionMembers
        object.merge(source.members) { _, place in place }
        if let track {
            object["track"] = .int(track.track)
            object["event"] = .string(track.event)
        }
        return object
    }

    public var plainSource: DetectionSource? { source }
}
