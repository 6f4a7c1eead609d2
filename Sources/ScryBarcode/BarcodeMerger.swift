import ScryCore

/// Merges the engines' readings into one list: readings of the same symbology and payload at
/// the same place are one barcode read by both. Where zbar reads a different payload at the
/// place of a zxing-cpp reading of the same symbology, zxing-cpp's reading stands (its decoders
/// check more), but for the codes with no check character (`UncheckedCodePieces.symbologies`):
/// there nothing tells which of two readings is right. Of two such readings at one place, one
/// that holds the other is the whole code and the other a piece of it (an ITF read along a row
/// where another code covers its end), so the longer stands; two that differ otherwise are
/// both left out. The result is sorted, so equal inputs give equal output.
public enum BarcodeMerger {
    public static func merge(_ readings: [EngineReading]) -> [MergedReading] {
        var merged: [MergedReading] = []
        // Indices into `merged` of unchecked codes read two ways that neither holds.
        var disputed: Set<Int> = []
        // zxing-cpp first, so its corners and version are the ones kept.
        for reading in readings.sorted(by: { $0.engine > $1.engine }) {
            if let index = merged.firstIndex(where: {
                $0.reading.symbology == reading.symbology
                    && samePlace($0.reading.corners, reading.corners)
            }) {
                let kept = merged[index].reading.payload
                if kept == reading.payload {
                    merged[index].engines.insert(reading.engine)
                } else if UncheckedCodePieces.symbologies.contains(reading.symbology) {
                    if reading.payload.count > kept.count, reading.payload.contains(kept) {
                        merged[index] = MergedReading(reading: reading, engines: [reading.engine])
                    } else if !(kept.count > reading.payload.count && kept.contains(reading.payload)) {
                        disputed.insert(index)
                    }
                }
                continue
            }
            merged.append(MergedReading(reading: reading, engines: [reading.engine]))
        }
        for index in disputed.sorted(by: >) { merged.remove(at: index) }
        return merged.sorted { lhs, rhs in
            let a = lhs.reading
            let b = rhs.reading
            if a.symbology != b.symbology { return a.symbology < b.symbology }
            if a.payload != b.payload { return a.payload.lexicographicallyPrecedes(b.payload) }
            let boxA = PixelRect(enclosing: a.corners)
            let boxB = PixelRect(enclosing: b.corners)
            return (boxA?.y ?? 0, boxA?.x ?? 0) < (boxB?.y ?? 0, boxB?.x ?? 0)
        }
    }

    /// Whether two readings' corners describe the same symbol: their centres lie within half
    /// the larger symbol's size (at least 8 px), which tolerates zbar's scan-line boxes.
    static func samePlace(_ a: [PixelPoint], _ b: [PixelPoint]) -> Bool {
        guard let boxA = PixelRect(enclosing: a), let boxB = PixelRect(enclosing: b) else {
            return false
        }
        let dx = (boxA.x + boxA.width / 2) - (boxB.x + boxB.width / 2)
        let dy = (boxA.y + boxA.height / 2) - (boxB.y + boxB.height / 2)
        let reach = max(8, max(boxA.width, boxA.height, boxB.width, boxB.height) / 2)
        return (dx * dx + dy * dy).squareRoot() <= reach
    }
}

/// A reading after merging, with every engine that agreed on it.
public struct MergedReading: Sendable, Equatable {
    public var reading: EngineReading
    public var engines: Set<BarcodeEngine>
}
