/// Something a frame shows that `OverlapTracker` follows by where it is: a face, a page.
public protocol Trackable: Sendable, Equatable {
    /// Its box in the upright image's pixel space.
    var pixelBounds: PixelRect { get }
    /// How sure its detector is, 0...1: the surest choose their tracks first.
    var confidence: Double { get }
}

/// Turns per-frame detections that have no content of their own to match by (faces, pages)
/// into tracks, by where they are, for live capture and replays.
///
/// The rules:
/// - An item continues the open track whose last box overlaps it most, if their intersection
///   over union is at least `minimumOverlap` (things move between frames); each track takes
///   one item a frame. An item that continues none starts a track.
/// - A track is reported (`confirmed`) at its second sighting: one frame's false detection is
///   not. Sightings before are `unconfirmed`, after are `seen` (both with `--every-frame` only).
/// - A confirmed track unseen for longer than the lost-after time, or still open when the
///   stream ends, is `lost`; an unconfirmed one is dropped silently.
public struct OverlapTracker<Item: Trackable>: Sendable {
    /// How long a track may go unseen before it is lost, in nanoseconds of frame time.
    public let lostAfterNanoseconds: UInt64
    /// The least intersection over union of boxes for an item to continue a track.
    public let minimumOverlap: Double
    private var open: [Track] = []
    private var nextIdentifier = 1

    public init(lostAfterNanoseconds: UInt64 = 500_000_000, minimumOverlap: Double = 0.3) {
        self.lostAfterNanoseconds = lostAfterNanoseconds
        self.minimumOverlap = minimumOverlap
    }

    public enum Event: String, Sendable {
        case confirmed, seen, unconfirmed, lost
    }

    /// One event: the track, what happened, and the item it is about (for `lost`, the last
    /// sighting) with the frame it was seen in.
    public struct Report: Sendable {
        public var track: Int
        public var event: Event
        public var item: Item
        public var frame: UInt64
    }

    private struct Track: Sendable {
        var identifier: Int
        var last: Item
        var lastFrame: UInt64
        var lastSeenNanoseconds: UInt64
        var sightings: Int
    }

    /// The events of one frame: the tracks lost before it, then its items, surest first.
    public mutating func update(frame: UInt64, timestampNanoseconds: UInt64, items: [Item]) -> [Report] {
        var reports: [Report] = []
        open.removeAll { track in
            // Timestamps that go backwards (a new recording) leave tracks as they are.
            let expired = timestampNanoseconds > track.lastSeenNanoseconds
                && timestampNanoseconds - track.lastSeenNanoseconds > lostAfterNanoseconds
            if expired, track.sightings >= 2 {
                reports.append(Report(track: track.identifier, event: .lost, item: track.last, frame: track.lastFrame))
            }
            return expired
        }
        var continued = Set<Int>()
        // The surest items choose first.
        for item in items.sorted(by: { $0.confidence > $1.confidence }) {
            let best = open.indices
                .filter { !continued.contains(open[$0].identifier) }
                .map { ($0, open[$0].last.pixelBounds.intersectionOverUnion(item.pixelBounds)) }
                .max { $0.1 < $1.1 }
            if let (index, overlap) = best, overlap >= minimumOverlap {
                continued.insert(open[index].identifier)
                open[index].last = item
                open[index].lastFrame = frame
                open[index].lastSeenNanoseconds = timestampNanoseconds
                open[index].sightings += 1
                let event: Event = open[index].sightings == 2 ? .confirmed : .seen
                reports.append(Report(track: open[index].identifier, event: event, item: item, frame: frame))
                continue
            }
            let track = Track(identifier: nextIdentifier, last: item, lastFrame: frame, lastSeenNanoseconds: timestampNanoseconds, sightings: 1)
            nextIdentifier += 1
            continued.insert(track.identifier)
            open.append(track)
            reports.append(Report(track: track.identifier, event: .unconfirmed, item: item, frame: frame))
        }
        return reports
    }

    /// `lost` for every confirmed track still open: the stream has ended.
    public mutating func finish() -> [Report] {
        defer { open.removeAll() }
        return open.filter { $0.sightings >= 2 }
            .map { Report(track: $0.identifier, event: .lost, item: $0.last, frame: $0.lastFrame) }
    }
}
