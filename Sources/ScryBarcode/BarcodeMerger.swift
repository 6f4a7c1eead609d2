import ScryCore

/// Merges the engines' readings into one list: readings of the same symbology and payload at
/// the same place are one barcode read by both. Where zbar reads a different payload at the
/// place of a zxing-cpp reading of the same symbology, zxing-cpp's reading stands (its decoders
/// check more). The result is sorted, so equal inputs give equal output.
public enum BarcodeMerger {
    public static func merge(_ readings: [EngineReading]) -> [MergedReading] {
        var merged: [MergedReading] = []
        // zxing-cpp first, so its corners and version are the ones kept.
        for reading in readings.sorted(by: { $0.engine > $1.engine }) {
            if let index = merged.firstIndex(where: {
                $0.reading.symbology == reading.symbology
                    && samePlace($0.reading.corners, reading.corners)
            }) {
                if merged[index].reading.payload == reading.payload {
                    merged[index].engines.insert(reading.engine)
                }
                continue
            }
            merged.append(MergedReading(reading: reading, engines: [reading.engine]))
        }
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
