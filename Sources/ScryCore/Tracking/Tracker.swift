/// What happened to a track at one frame, as a detection line's `event` says it.
public enum TrackEventKind: String, Sendable {
    /// The track is trustworthy from this sighting on: reported once.
    case confirmed
    /// A later sighting of a confirmed track (written with `--every-frame` only).
    case seen
    /// A sighting of a track not confirmed yet (written with `--every-frame` only).
    case unconfirmed
    /// A text line's first sighting with its text, after it was confirmed without.
    case read
    /// The track has ended: unseen for longer than the lost-after time, or the stream ended.
    case lost
}

/// Turns per-frame detections into tracks, for live capture and replays: the one tracking
/// core every lane uses, with the rules that differ from lane to lane (what continues a
/// track, when a track is confirmed) given as `TrackingRules`.
///
/// What every lane shares:
/// - Each item of a frame continues the open track it matches best (`TrackingRules.match`),
///   each track taking one item a frame; an item that continues none starts a track.
/// - A track is `confirmed` at the sighting that makes it trustworthy
///   (`TrackingRules.isConfirmed`); sightings before are `unconfirmed`, after are `seen` (or
///   `TrackingRules.laterEvent`'s event).
/// - A confirmed track unseen for longer than `lostAfterNanoseconds` of frame time, or still
///   open when the stream ends, is `lost`; an unconfirmed one is dropped silently.
///   Timestamps that go backwards (a new recording) leave tracks as they are.
/// - A frame's reports are its lost tracks first, then its sightings in the order its items
///   chose tracks.
public struct Tracker<Item: Sendable>: Sendable {
    /// How long a track may go unseen before it is lost, in nanoseconds of frame time.
    public let lostAfterNanoseconds: UInt64
    public let rules: TrackingRules<Item>
    private var open: [TrackState<Item>] = []
    private var nextIdentifier = 1

    public init(lostAfterNanoseconds: UInt64, rules: TrackingRules<Item>) {
        self.lostAfterNanoseconds = lostAfterNanoseconds
        self.rules = rules
    }

    /// One event: the track, what happened, and the item it is about (for `lost`, the last
    /// sighting) with the frame it was seen in.
    public struct Report: Sendable {
        public var track: Int
        public var event: TrackEventKind
        public var item: Item
        public var frame: UInt64

        /// The track and event as a detection line carries them.
        public var trackEvent: TrackEvent { TrackEvent(track: track, event: event.rawValue) }
    }

    /// Moves every open track's last sighting, and what it remembers, with `change`: the scene
    /// moved between two frames the lane looked at, and its items are matched where they are now.
    public mutating func moveOpenTracks(_ change: (Item) -> Item) {
        for index in open.indices { open[index].move(change) }
    }

    /// The events of one frame (sequence `frame`, taken at `timestampNanoseconds`): first the
    /// tracks lost before it, then its items' sightings.
    public mutating func update(frame: UInt64, timestampNanoseconds: UInt64, items: [Item]) -> [Report] {
        var lost: [Report] = []
        if rules.losesBeforeMatching { lost = expire(at: timestampNanoseconds, keeping: []) }
        var continued = Set<Int>()
        var sightings: [Report] = []
        for item in rules.choosesFirst.map({ items.sorted(by: $0) }) ?? items {
            let best = open.indices.filter { !continued.contains(open[$0].identifier) }
                .compactMap { index in rules.match(open[index], item).map { (index, $0) } }
                .max { $0.1 < $1.1 }
            if let (index, _) = best {
                continued.insert(open[index].identifier)
                let event: TrackEventKind
                if open[index].isConfirmed {
                    event = rules.laterEvent(open[index], item)
                } else {
                    open[index].isConfirmed = rules.isConfirmed(item, open[index].sightings + 1)
                    event = open[index].isConfirmed ? .confirmed : .unconfirmed
                }
                open[index].see(item, frame: frame, at: timestampNanoseconds, remembering: rules.remembers)
                sightings.append(Report(track: open[index].identifier, event: event, item: item, frame: frame))
                continue
            }
            let track = TrackState(
                identifier: nextIdentifier, item: item, frame: frame, at: timestampNanoseconds,
                isConfirmed: rules.isConfirmed(item, 1))
            nextIdentifier += 1
            continued.insert(track.identifier)
            open.append(track)
            sightings.append(
                Report(track: track.identifier, event: track.isConfirmed ? .confirmed : .unconfirmed, item: item, frame: frame))
        }
        if !rules.losesBeforeMatching { lost = expire(at: timestampNanoseconds, keeping: continued) }
        return lost + sightings
    }

    /// Closes the tracks, other than `keeping`, unseen for longer than the lost-after time at
    /// `timestamp`: `lost` for the confirmed ones.
    private mutating func expire(at timestamp: UInt64, keeping: Set<Int>) -> [Report] {
        var lost: [Report] = []
        let lostAfter = lostAfterNanoseconds
        open.removeAll { track in
            guard !keeping.contains(track.identifier) else { return false }
            let expired = timestamp > track.lastSeenNanoseconds && timestamp - track.lastSeenNanoseconds > lostAfter
            if expired, track.isConfirmed {
                lost.append(Report(track: track.identifier, event: .lost, item: track.last, frame: track.lastFrame))
            }
            return expired
        }
        return lost
    }

    /// `lost` for every confirmed track still open: the stream has ended.
    public mutating func finish() -> [Report] {
        defer { open.removeAll() }
        return open.filter(\.isConfirmed).map {
            Report(track: $0.identifier, event: .lost, item: $0.last, frame: $0.lastFrame)
        }
    }
}

/// An open track as the rules see it.
public struct TrackState<Item: Sendable>: Sendable {
    public let identifier: Int
    /// The last sighting.
    public private(set) var last: Item
    /// What the track keeps of its sightings (`TrackingRules.remembers`; else the last one).
    public private(set) var remembered: Item
    public private(set) var lastFrame: UInt64
    public private(set) var lastSeenNanoseconds: UInt64
    public private(set) var sightings = 1
    public internal(set) var isConfirmed: Bool

    mutating func move(_ change: (Item) -> Item) {
        last = change(last)
        remembered = change(remembered)
    }

    init(identifier: Int, item: Item, frame: UInt64, at timestamp: UInt64, isConfirmed: Bool) {
        self.identifier = identifier
        last = item
        remembered = item
        lastFrame = frame
        lastSeenNanoseconds = timestamp
        self.isConfirmed = isConfirmed
    }

    mutating func see(_ item: Item, frame: UInt64, at timestamp: UInt64, remembering: (@Sendable (Item, Item) -> Item)?) {
        remembered = remembering?(remembered, item) ?? item
        last = item
        lastFrame = frame
        lastSeenNanoseconds = timestamp
        sightings += 1
    }
}

/// What makes one lane's tracks differ from another's.
public struct TrackingRules<Item: Sendable>: Sendable {
    /// How well `item` continues `track` (higher is better), or nil when it cannot (another
    /// payload, too little overlap).
    public var match: @Sendable (_ track: TrackState<Item>, _ item: Item) -> Double?
    /// Whether a track is trustworthy once `item` is its `sightings`-th sighting.
    public var isConfirmed: @Sendable (_ item: Item, _ sightings: Int) -> Bool
    /// The order a frame's items choose their tracks in (the surest first), or nil for the
    /// order the detector gave.
    public var choosesFirst: (@Sendable (Item, Item) -> Bool)?
    /// Whether tracks unseen too long are lost before a frame's items are matched (and so
    /// cannot be continued by them), or after, among the tracks the frame did not continue
    /// (a slow lane then loses no track between two frames that both show it).
    public var losesBeforeMatching: Bool
    /// What a track keeps of its sightings, from what it kept and the new sighting; nil: the
    /// last sighting.
    public var remembers: (@Sendable (_ remembered: Item, _ new: Item) -> Item)?
    /// The event of a sighting of a confirmed track: `seen`, unless the rules say more.
    public var laterEvent: @Sendable (_ track: TrackState<Item>, _ item: Item) -> TrackEventKind

    public init(
        match: @escaping @Sendable (TrackState<Item>, Item) -> Double?,
        isConfirmed: @escaping @Sendable (Item, Int) -> Bool,
        choosesFirst: (@Sendable (Item, Item) -> Bool)? = nil, losesBeforeMatching: Bool = true,
        remembers: (@Sendable (Item, Item) -> Item)? = nil,
        laterEvent: @escaping @Sendable (TrackState<Item>, Item) -> TrackEventKind = { _, _ in .seen }
    ) {
        self.match = match
        self.isConfirmed = isConfirmed
        self.choosesFirst = choosesFirst
        self.losesBeforeMatching = losesBeforeMatching
        self.remembers = remembers
        self.laterEvent = laterEvent
    }
}
