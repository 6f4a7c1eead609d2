import ScryCore

/// Turns per-frame faces into tracks, for live capture and replays.
///
/// The rules:
/// - A face continues the open track whose last box overlaps it most, if their intersection
///   over union is at least `minimumOverlap` (faces move between frames); each track takes
///   one face a frame. A face that continues none starts a track.
/// - A track is reported (`confirmed`) at its second sighting: one frame's false face is not.
///   Sightings before are `unconfirmed`, after are `seen` (both with `--every-frame` only).
/// - A confirmed track unseen for longer than the lost-after time, or still open when the
///   stream ends, is `lost`; an unconfirmed one is dropped silently.
public struct FaceTracker: Sendable {
    /// How long a track may go unseen before it is lost, in nanoseconds of frame time.
    public let lostAfterNanoseconds: UInt64
    /// The least intersection over union for a face to continue a track.
    public static let minimumOverlap = 0.3
    private var open: [Track] = []
    private var nextIdentifier = 1

    public init(lostAfterNanoseconds: UInt64 = 500_000_000) {
        self.lostAfterNanoseconds = lostAfterNanoseconds
    }

    public enum Event: String, Sendable {
        case confirmed, seen, unconfirmed, lost
    }

    /// One event: the track, what happened, and the face it is about (for `lost`, the last
    /// sighting) with the frame it was seen in.
    public struct Report: Sendable {
        public var track: Int
        public var event: Event
        public var face: FaceObservation
        public var frame: UInt64
    }

    private struct Track: Sendable {
        var identifier: Int
        var last: FaceObservation
        var lastFrame: UInt64
        var lastSeenNanoseconds: UInt64
        var sightings: Int
    }

    /// The events of one frame: the tracks lost before it, then its faces in order.
    public mutating func update(frame: UInt64, timestampNanoseconds: UInt64, faces: [FaceObservation]) -> [Report] {
        var reports: [Report] = []
        open.removeAll { track in
            // Timestamps that go backwards (a new recording) leave tracks as they are.
            let expired = timestampNanoseconds > track.lastSeenNanoseconds
                && timestampNanoseconds - track.lastSeenNanoseconds > lostAfterNanoseconds
            if expired, track.sightings >= 2 {
                reports.append(Report(track: track.identifier, event: .lost, face: track.last, frame: track.lastFrame))
            }
            return expired
        }
        var continued = Set<Int>()
        // The best-scoring faces choose first.
        for face in faces.sorted(by: { $0.confidence > $1.confidence }) {
            let best = open.indices
                .filter { !continued.contains(open[$0].identifier) }
                .map { ($0, open[$0].last.pixelBounds.intersectionOverUnion(face.pixelBounds)) }
                .max { $0.1 < $1.1 }
            if let (index, overlap) = best, overlap >= Self.minimumOverlap {
                continued.insert(open[index].identifier)
                open[index].last = face
                open[index].lastFrame = frame
                open[index].lastSeenNanoseconds = timestampNanoseconds
                open[index].sightings += 1
                let event: Event = open[index].sightings == 2 ? .confirmed : .seen
                reports.append(Report(track: open[index].identifier, event: event, face: face, frame: frame))
                continue
            }
            let track = Track(identifier: nextIdentifier, last: face, lastFrame: frame, lastSeenNanoseconds: timestampNanoseconds, sightings: 1)
            nextIdentifier += 1
            continued.insert(track.identifier)
            open.append(track)
            reports.append(Report(track: track.identifier, event: .unconfirmed, face: face, frame: frame))
        }
        return reports
    }

    /// `lost` for every confirmed track still open: the stream has ended.
    public mutating func finish() -> [Report] {
        defer { open.removeAll() }
        return open.filter { $0.sightings >= 2 }
            .map { Report(track: $0.identifier, event: .lost, face: $0.last, frame: $0.lastFrame) }
    }
}
