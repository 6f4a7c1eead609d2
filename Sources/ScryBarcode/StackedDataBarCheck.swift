import Foundation
import ScryCore

/// A second opinion on a DataBar Stacked reading that zxing-cpp alone made: the image read
/// again turned by a small angle, so that every scan line crosses the bars elsewhere.
///
/// zxing-cpp 3.1.1 reads a DataBar Stacked code by pairing the characters it finds on any of
/// its scan lines, and a wrong pairing passes the symbol's checks one time in about 790 (its
/// one sum mod 79, and the GTIN's check digit). On photos of printed Stacked Omnidirectional
/// codes (scripts/bench-stacked-photos, seeds 5 and 6), it read another number from scan
/// lines within one of the code's rows: `0164191755722564` beside the printed
/// `0169070293137588` (1.7 px a module), and `0135529101024976` for `0172009773797275` (3.5 px
/// a module, leaning 4 degrees), both as pip zxing-cpp does. The same pictures turned a
/// little (Pillow, by 1 to 8 degrees) read the printed number, mostly alone. So such a
/// reading is left out where the image turned a little reads another DataBar Stacked in the
/// same symbol and not it (`contradicts`); where the turned image reads nothing there, the
/// reading stands (a code of 5-module rows askew, read on the image turned straight, may read
/// nothing turned once more).
enum StackedDataBarCheck {
    /// The symbologies checked.
    static let symbologies: Set<Symbology> = [.databar_stacked]

    /// The lean, in degrees, the turned image is left with where the image's own lean is
    /// smaller: enough to move every scan line, and within the 2.9 degrees at which a line
    /// across the middle of a 5-module row of 50 modules stays on it to the row's end.
    static let residualLeanDegrees = 1.5

    /// The angle to turn an image by (counterclockwise as shown, as `TiltedImage` takes it)
    /// for the second reading: the image turned straight where its edges lean coherently by
    /// at least `residualLeanDegrees`, else turned so that it leans by that much.
    static func turnDegrees(for tilt: ImageTilt) -> Double {
        guard tilt.coherence >= ImageTilt.leastCoherence else { return residualLeanDegrees }
        if abs(tilt.degrees) >= residualLeanDegrees { return tilt.degrees }
        return tilt.degrees >= 0 ? tilt.degrees - residualLeanDegrees : tilt.degrees + residualLeanDegrees
    }

    /// Whether `candidate` needs the second opinion: a DataBar Stacked that zxing-cpp read and
    /// zbar did not.
    static func needsIt(_ candidate: MergedReading) -> Bool {
        symbologies.contains(candidate.reading.symbology) && !candidate.engines.contains(.zbar)
    }

    /// Whether `turnedReadings` (zxing-cpp's readings of the image turned by `turnDegrees`,
    /// their corners mapped back to the image's pixel space) contradict `reading`: one of its
    /// symbology in the same symbol (`inOneSymbol`) with another payload, and none with its
    /// payload.
    static func contradicts(_ reading: EngineReading, turnedReadings: [EngineReading]) -> Bool {
        let there = turnedReadings.filter { $0.symbology == reading.symbology && inOneSymbol($0.corners, reading.corners) }
        return !there.isEmpty && !there.contains { $0.payload == reading.payload }
    }

    /// Whether two readings' corners may lie in one stacked symbol: their boxes' centres at
    /// most half the wider box's width apart across and its width apart down. A reading's box
    /// spans the scan lines its characters came from, which may be one row of the symbol or
    /// both, and a stacked symbol is about as tall as wide (Omnidirectional: 69 modules by
    /// 50) or less.
    static func inOneSymbol(_ a: [PixelPoint], _ b: [PixelPoint]) -> Bool {
        guard let boxA = PixelRect(enclosing: a), let boxB = PixelRect(enclosing: b) else { return false }
        let width = max(boxA.width, boxB.width)
        let dx = abs((boxA.x + boxA.width / 2) - (boxB.x + boxB.width / 2))
        let dy = abs((boxA.y + boxA.height / 2) - (boxB.y + boxB.height / 2))
        return dx <= width / 2 && dy <= width
    }
}
