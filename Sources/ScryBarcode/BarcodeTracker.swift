import ScryCore

/// Barcode sightings turned into tracks (`Tracker`), for live capture and replays: the same
/// code (symbology and payload) seen again within the lost-after time is the same track.
///
/// The rules:
/// - A sighting continues the nearest open track with its symbology and payload (two equal
///   codes in one frame are two tracks).
/// - A track is confirmed once it is trustworthy: at once for symbologies with error
///   correction (QR, Micro QR, rMQR, PDF417, MicroPDF417, Data Matrix, Aztec, MaxiCode) and
///   for a code both engines read; a linear code read by one engine only waits for a second
///   frame that reads the same payload within the lost-after time.
public typealias BarcodeTracker = Tracker<BarcodeObservation>

extension Tracker where Item == BarcodeObservation {
    public init(lostAfterNanoseconds: UInt64 = 500_000_000) {
        self.init(
            lostAfterNanoseconds: lostAfterNanoseconds,
            rules: TrackingRules(
                match: { track, barcode in
                    guard track.last.symbology == barcode.symbology, track.last.payload == barcode.payload else { return nil }
                    return -track.last.pixelBounds.centre.distance(to: barcode.pixelBounds.centre)
                },
                isConfirmed: { barcode, sightings in sightings >= 2 || Self.confirmedAtFirstSight(barcode) }))
    }

    /// Symbologies whose error correction makes one read trustworthy.
    public static var errorCorrected: Set<Symbology> {
        [.qr_code, .micro_qr_code, .rmqr_code, .pdf417, .micro_pdf417, .data_matrix, .aztec, .maxicode]
    }

    static func confirmedAtFirstSight(_ barcode: BarcodeObservation) -> Bool {
        errorCorrected.contains(barcode.symbology) || barcode.engines.count >= 2
    }
}
