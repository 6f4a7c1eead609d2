import ScryCore

/// A second opinion on a PDF417 reading: the same image read a half turn round. zxing-cpp
/// 3.1.1 decodes some small, low PDF417 symbols to a wrong text that passes their error
/// correction (frame 92 of scripts/make-barcode-frames, "Scry PDF417 DRJGUHNA8I3EH0", reads
/// as "PBNZHBVTMRF EBH 390'-/..."); read upside down, such a symbol gives another wrong text,
/// while a right reading gives the same text or nothing. With pip zxing-cpp at its defaults,
/// of the 80 PDF417 readings on ../shared/eval/barcodes and those 210 frames, the image a
/// half turn round gave the same text for 78, nothing for one right reading, and another text
/// for the wrong one.
///
/// Askew, zxing-cpp 3.1.1 misreads PDF417 far more: of the 4,500 PDF417 codes of
/// scripts/bench-tilted-codes (zint, security level 2, one to three data columns, 1 to 2 px a
/// module, lying on their side and turned by Pillow 12 degrees either way in steps of 1),
/// pip zxing-cpp read 24 as another text passing the error correction, and scry 46 before
/// this check. So where the edges lean enough to be worth turning (`ImageTilt`), a PDF417
/// reading stands only if the image turned straight reads the same text at its place
/// (`confirms`): scry then read none wrong (docs/barcode-benchmark.md).
public enum HalfTurnCheck {
    /// The symbologies checked.
    public static let symbologies: Set<Symbology> = [.pdf417]

    /// Whether `turnedReadings` (the readings of the image turned a half turn, their corners mapped back to the image's pixel space) contradict `reading`: one of the same symbology
    /// at its place with another payload, and none with its payload.
    public static func contradicts(_ reading: EngineReading, turnedReadings: [EngineReading]) -> Bool {
        let atItsPlace = turnedReadings.filter {
            $0.symbology == reading.symbology && BarcodeMerger.samePlace($0.corners, reading.corners)
        }
        return !atItsPlace.isEmpty && !atItsPlace.contains { $0.payload == reading.payload }
    }

    /// Whether `straightenedReadings` (the readings of the image turned straight by the lean
    /// of its edges, their corners mapped back to the image's pixel space) hold `reading`'s
    /// text at its place.
    public static func confirms(_ reading: EngineReading, straightenedReadings: [EngineReading]) -> Bool {
        straightenedReadings.contains {
            $0.symbology == reading.symbology && $0.payload == reading.payload
                && BarcodeMerger.samePlace($0.corners, reading.corners)
        }
    }
}
