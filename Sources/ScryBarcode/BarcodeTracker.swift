import ScryCore
/// Turns per-frame barcode sightings into tracks, for live capture and replays: the same code
/// (symbology and payload) seen again within `lostAfterNanoseconds` is the same track.
///
/// The rules:
/// - A track is reported (`confirmed`) once it is trustworthy: at once for symbologies with
///   error correction (QR, Micro QR, rMQR, PDF417, MicroPDF417, Data Matrix, Aztec,
///   MaxiCode) and for a code both engines read; a linear code read by one engine only waits
///   for a second frame that reads the same payload within the lost-after time.
/// - Every later sighting is a `seen` event, and a sighting of a track not yet confirmed an
///   `unconfirmed` one (both reported with `--every-frame` only).
/// - A confirmed track unseen for longer than the lost-after time, or still open when the
///   stream ends, is `lost`. An unconfirmed one is dropped silently.
/// - Two equal codes in one frame are two tracks; each sighting continues the nearest open
///   track with its symbology and payload.
public struct BarcodeTracker: Sendable {
    /// How long a track may go unseen before it is lost, in nanoseconds of frame time.
    public let lostAfterNanoseconds: UInt64
    private var open: [Track] = []
    private var nextIdentifier = 1

    public init(lostAfterNanoseconds: UInt64 = 500_000_000) {
        self.lostAfterNanoseconds = lostAfterNanoseconds
    }

    /// What happened to a track at one frame.
    public enum Event: String, Sendable {
        case confirmed, seen, unconfirmed, lost
    }

    /// One event: the track, what happened, and the sighting it is about (for `lost`, the
    /// last one) with the frame it was made in.
    public struct Report: Sendable {
        public var track: Int
        public var event: Event
        public var barcode: BarcodeObservation
        public var frame: UInt64
    }

    private struct Track: Sendable {
        var identifier: Int
        var last: BarcodeObservation
        var lastFrame: UInt64
        var lastSeenNanoseconds: UInt64
        var confirmed: Bool
    }

    /// The events of one frame (taken at `timestampNanoseconds`, frame sequence `frame`):
    /// first the tracks lost before it, then its sightings in order.
    public mutating func update(
        frame: UInt64, timestampNanoseconds: UInt64, barcodes: [BarcodeObservation]
    ) -> [Report] {
        var reports: [Report] = []
        open.removeAll { track in
            // Timestamps that go backwards (a new recording) leave tracks as they are.
            let expired = timestampNanoseconds > track.lastSeenNanoseconds
                && timestampNanoseconds - track.lastSeenNanoseconds > lostAfterNanoseconds
            if expired, track.confirmed {
                reports.append(Report(track: track.identifier, event: .lost, barcode: track.last, frame: track.lastFrame))
            }
            return expired
        }
        var continued = Set<Int>()
        for barcode in barcodes {
            let centre = barcode.pixelBounds.centre
            let candidates = open.indices.filter {
                !continued.contains(open[$0].identifier) && open[$0].last.symbology == barcode.symbology
                    && open[$0].last.payload == barcode.payload
            }
            if let index = candidates.min(by: {
                open[$0].last.pixelBounds.centre.distance(to: centre) < open[$1].last.pixelBounds.centre.distance(to: centre)
            }) {
                continued.insert(open[index].identifier)
                open[index].last = barcode
                open[index].lastFrame = frame
                open[index].lastSeenNanoseconds = timestampNanoseconds
                if open[index].confirmed {
                    reports.append(Report(track: open[index].identifier, event: .seen, barcode: barcode, frame: frame))
                } else {
                    open[index].confirmed = true
                    reports.append(Report(track: open[index].identifier, event: .confirmed, barcode: barcode, frame: frame))
                }
                continue
            }
            let track = Track(
                identifier: nextIdentifier, last: barcode, lastFrame: frame, lastSeenNanoseconds: timestampNanoseconds,
                confirmed: Self.confirmedAtFirstSight(barcode))
            nextIdentifier += 1
            continued.insert(track.identifier)
            open.append(track)
            reports.append(
                Report(track: track.identifier, event: track.confirmed ? .confirmed : .unconfirmed, barcode: barcode, frame: frame))
        }
        return reports
    }

    /// `lost` for every confirmed track still open: the stream has ended.
    public mutating func finish() -> [Report] {
        defer { open.removeAll() }
        return open.filter(\.confirmed).map {
            Report(track: $0.identifier, event: .lost, barcode: $0.last, frame: $0.lastFrame)
        }
    }

    /// Symbologies whose error correction makes one read trustworthy.
    public static let errorCorrected: Set<Symbology> = [
        .qr_code, .micro_qr_code, .rmqr_code, .pdf417, .micro_pdf417, .data_matrix, .aztec, .maxicode,
    ]

    static func confirmedAtFirstSight(_ barcode: BarcodeObservation) -> Bool {
        errorCorrected.contains(barcode.symbology) || barcode.engines.count >= 2
    }
}
