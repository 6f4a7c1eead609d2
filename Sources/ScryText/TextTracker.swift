import ScryCore
/// Turns per-frame text lines into tracks, for live capture and replays, so that a page held
/// still yields each line once.
///
/// The rules:
/// - A line continues the open track whose last box overlaps it most, if their
///   intersection over union is at least `minimumOverlap` and, when both were read, their
///   texts are alike (`isSameText`: the next page's line in the same place is another line;
///   each track takes one line a frame). With `unreadLinesAreNew` (lines are reported before
///   they are read), a line without text does not continue a track that was read. A line
///   that continues none starts a track, reported at once (`confirmed`).
/// - The first sighting with text of a track confirmed without it is a `read` event: the
///   line's text, read after its box was reported.
/// - Every other later sighting is a `seen` event (reported with `--every-frame` only).
/// - A track that a frame does not continue, and that has gone unseen for longer than the
///   lost-after time, is `lost`; so are the tracks still open when the stream ends. Tracks
///   are only lost at frames the text lane analysed, so a slow lane (recognition takes longer
///   than the lost-after time) does not lose lines between two frames that both show them.
/// - Reports come in the frame's reading order (tesseract's), lost tracks first.
public struct TextTracker: Sendable {
    /// How long a track may go unseen before it is lost, in nanoseconds of frame time.
    public let lostAfterNanoseconds: UInt64
    /// Whether a line without text is one not read yet, which cannot continue a track that
    /// was read (the next page's line, found where a read line was, is another line).
    public let unreadLinesAreNew: Bool
    /// The least intersection over union for a line to continue a track.
    public static let minimumOverlap = 0.5
    private var open: [Track] = []
    private var nextIdentifier = 1

    public init(lostAfterNanoseconds: UInt64 = 500_000_000, unreadLinesAreNew: Bool = false) {
        self.lostAfterNanoseconds = lostAfterNanoseconds
        self.unreadLinesAreNew = unreadLinesAreNew
    }

    public enum Event: String, Sendable {
        case confirmed, seen, read, lost
    }

    /// One event: the track, what happened, and the line it is about (for `lost`, the last
    /// sighting) with the frame it was seen in.
    public struct Report: Sendable {
        public var track: Int
        public var event: Event
        public var line: TextObservation
        public var frame: UInt64
    }

    private struct Track: Sendable {
        var identifier: Int
        var last: TextObservation
        /// The text of the last sighting that had one.
        var text: String?
        var lastFrame: UInt64
        var lastSeenNanoseconds: UInt64
    }

    /// The events of one analysed frame: its lines (level `.line`, in reading order).
    public mutating func update(frame: UInt64, timestampNanoseconds: UInt64, lines: [TextObservation]) -> [Report] {
        var continued = Set<Int>()
        var sightings: [Report] = []
        for line in lines {
            let best = open.indices
                .filter { !continued.contains(open[$0].identifier) && continues(open[$0], with: line.text) }
                .map { ($0, open[$0].last.pixelBounds.intersectionOverUnion(line.pixelBounds)) }
                .max { $0.1 < $1.1 }
            if let (index, overlap) = best, overlap >= Self.minimumOverlap {
                continued.insert(open[index].identifier)
                let event: Event = open[index].text == nil && line.text != nil ? .read : .seen
                open[index].last = line
                open[index].text = line.text ?? open[index].text
                open[index].lastFrame = frame
                open[index].lastSeenNanoseconds = timestampNanoseconds
                sightings.append(Report(track: open[index].identifier, event: event, line: line, frame: frame))
                continue
            }
            let track = Track(identifier: nextIdentifier, last: line, text: line.text, lastFrame: frame, lastSeenNanoseconds: timestampNanoseconds)
            nextIdentifier += 1
            continued.insert(track.identifier)
            open.append(track)
            sightings.append(Report(track: track.identifier, event: .confirmed, line: line, frame: frame))
        }
        var lost: [Report] = []
        open.removeAll { track in
            guard !continued.contains(track.identifier) else { return false }
            // Timestamps that go backwards (a new recording) leave tracks as they are.
            let expired = timestampNanoseconds > track.lastSeenNanoseconds
                && timestampNanoseconds - track.lastSeenNanoseconds > lostAfterNanoseconds
            if expired { lost.append(Report(track: track.identifier, event: .lost, line: track.last, frame: track.lastFrame)) }
            return expired
        }
        return lost + sightings
    }

    /// Whether a sighting whose text is `text` (nil: not read) can continue `track`.
    private func continues(_ track: Track, with text: String?) -> Bool {
        if unreadLinesAreNew, text == nil, track.text != nil { return false }
        return Self.isSameText(track.text, text)
    }

    /// Whether two readings can be the same line: either was not read, or they differ in at
    /// most a quarter of their characters (edit distance; a reading varies a little from frame
    /// to frame).
    public static func isSameText(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, a != b else { return true }
        let x = Array(a), y = Array(b)
        let limit = max(x.count, y.count) / 4
        guard abs(x.count - y.count) <= limit, !x.isEmpty, !y.isEmpty else { return false }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count] <= limit
    }

    /// `lost` for every track still open: the stream has ended.
    public mutating func finish() -> [Report] {
        defer { open.removeAll() }
        return open.map { Report(track: $0.identifier, event: .lost, line: $0.last, frame: $0.lastFrame) }
    }
}
