/// A line that reports one detection (a barcode, a text box, a face, a rectangle): what every
/// such line shares is where the detection was seen (a frame or a file), the upright image
/// size its coordinates refer to, and in a stream its track and event. A line type gives its
/// own members (`detectionMembers`) and its plain form; the rest comes from here.
public protocol DetectionLine: OutputLine, PlainLine {
    /// What the detector found.
    associatedtype Item: Sendable
    init(_ item: Item, source: DetectionSource, in imageSize: ImageSize, track: TrackEvent?)
    var source: DetectionSource { get }
    /// The upright image's size, the space of the line's coordinates.
    var imageSize: ImageSize { get }
    var track: TrackEvent? { get }
    /// The members that describe the detection itself (not `frame`/`file`, `track`, `event`).
    var detectionMembers: [String: JSONValue] { get }
}

extension DetectionLine {
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
