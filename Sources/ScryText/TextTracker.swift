import ScryCore
/// Text lines turned into tracks (`Tracker`), for live capture and replays, so that a page held
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
/// - Only lines (level `.line`) are tracked; their words and characters follow them.
public typealias TextTracker = Tracker<TextObservation>

extension Tracker where Item == TextObservation {
    /// The least intersection over union for a line to continue a track.
    public static var minimumOverlap: Double { 0.5 }

    public init(lostAfterNanoseconds: UInt64 = 500_000_000, unreadLinesAreNew: Bool = false) {
        self.init(
            lostAfterNanoseconds: lostAfterNanoseconds,
            rules: TrackingRules(
                match: { track, line in
                    // The track's text is that of its last sighting that had one.
                    let read = track.remembered.text
                    if unreadLinesAreNew, line.text == nil, read != nil { return nil }
                    // The overlap first: it rules out most pairs, for a fraction of the texts'
                    // edit distance.
                    let overlap = track.last.pixelBounds.intersectionOverUnion(line.pixelBounds)
                    guard overlap >= Self.minimumOverlap, Self.isSameText(read, line.text) else { return nil }
                    return overlap
                },
                isConfirmed: { _, _ in true }, losesBeforeMatching: false,
                remembers: { remembered, line in line.text == nil ? remembered : line },
                laterEvent: { track, line in track.remembered.text == nil && line.text != nil ? .read : .seen }))
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
}
