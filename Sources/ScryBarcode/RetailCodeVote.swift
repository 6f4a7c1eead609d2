import ScryCore

/// The agreement rule for EAN/UPC codes in still images. Their single check digit lets a
/// misread of a worn, tiny or warped code through, and both engines can make the same
/// misread, so a retail reading is put to a vote: each decoding pass of the image (engine and
/// image variant) votes once for every distinct main number it read at the reading's place.
/// The reading stands when one number holds at least `requiredShare` of the votes, and is
/// replaced by that number when the majority read another; with no clear majority the vote is
/// split, and more passes are asked or the reading dropped. A UPC-E or EAN-8 reading gives way
/// to a longer code at its place: to its number when a pass read one, and is dropped when a
/// sighting pass only located one (an EAN-13 whose check digit failed); a UPC-E or EAN-8 that
/// only one zbar pass read is dropped.
public enum RetailCodeVote {
    /// The symbologies voted on.
    public static let symbologies: Set<Symbology> = [.ean_13, .upc_a, .upc_e, .ean_8]

    /// The symbologies whose symbols are shorter than, and can be found inside, an EAN-13.
    static let shortSymbologies: Set<Symbology> = [.upc_e, .ean_8]

    /// The share of votes the winning number needs.
    public static let requiredShare = 0.7

    /// The main number of a retail payload: the 13 (or EAN-8's 8) digits before any add-on.
    public static func mainNumber(of reading: EngineReading) -> [UInt8] {
        let length = reading.symbology == .ean_8 ? 8 : 13
        return Array(reading.payload.prefix(length))
    }

    /// What the vote decided for one reading.
    public enum Verdict: Equatable, Sendable {
        /// The reading's number won.
        case confirmed
        /// Another number won: the reading is replaced by this one, which carries it.
        case replaced(by: EngineReading)
        /// The reading is dropped: a short code inside a longer one, or one zbar pass alone.
        case contested
        /// No number holds `requiredShare` of the votes: more passes may settle it; else the
        /// reading is dropped.
        case split
    }

    /// How many passes read `reading`'s main number at its place.
    public static func votes(for reading: EngineReading, passes: [[EngineReading]]) -> Int {
        passesReading(reading, in: passes, atItsPlace: true)
    }

    /// How many passes read `reading`'s main number, at its place or anywhere in the image.
    static func passesReading(_ reading: EngineReading, in passes: [[EngineReading]], atItsPlace: Bool) -> Int {
        let number = mainNumber(of: reading)
        return passes.filter { pass in
            pass.contains {
                symbologies.contains($0.symbology) && mainNumber(of: $0) == number
                    && (!atItsPlace || BarcodeMerger.samePlace($0.corners, reading.corners))
            }
        }.count
    }

    /// Whether every pass in `passes` reads the main number of `reading` at its place and none
    /// reads another EAN/UPC number there: a vote no further pass of one number each can
    /// split (`requiredShare`) when `passes` are at least three quarters of the voters. A UPC-E
    /// or EAN-8 reading is never settled so: its vote looks for the longer code at its place
    /// in every pass.
    public static func isUnanimous(on reading: EngineReading, passes: [[EngineReading]]) -> Bool {
        guard !shortSymbologies.contains(reading.symbology), !passes.isEmpty else { return false }
        let number = mainNumber(of: reading)
        return passes.allSatisfy { pass in
            let here = pass.filter {
                symbologies.contains($0.symbology) && BarcodeMerger.samePlace($0.corners, reading.corners)
            }
            return !here.isEmpty && here.allSatisfy { mainNumber(of: $0) == number }
        }
    }

    /// The verdict on `reading` given every pass's readings and the failed readings of the
    /// sighting passes, one list per pass (all in the same pixel space).
    public static func verdict(
        on reading: EngineReading, passes: [[EngineReading]], failedReadings: [[EngineReading]] = []
    ) -> Verdict {
        var votes: [[UInt8]: Int] = [:]
        var carriers: [[UInt8]: EngineReading] = [:]
        for pass in passes {
            var seen = Set<[UInt8]>()
            for candidate in pass
            where symbologies.contains(candidate.symbology)
                && BarcodeMerger.samePlace(candidate.corners, reading.corners)
            {
                let number = mainNumber(of: candidate)
                if seen.insert(number).inserted {
                    votes[number, default: 0] += 1
                    // Prefer a carrier with an add-on: it says more.
                    if carriers[number].map({ $0.payload.count < candidate.payload.count }) ?? true {
                        carriers[number] = candidate
                    }
                }
            }
        }
        // A UPC-E or EAN-8 pattern can hide in the bars of an EAN-13/UPC-A (zbar finds one in
        // the left half of a worn UPC-A), never the reverse: where any pass read the longer
        // code at this place, the longer code is the symbol.
        let ranked = votes.sorted {
            $0.value != $1.value ? $0.value > $1.value : $0.key.lexicographicallyPrecedes($1.key)
        }
        if shortSymbologies.contains(reading.symbology) {
            let longer = ranked.filter { !shortSymbologies.contains(carriers[$0.key]!.symbology) }
            if let (winner, count) = longer.first {
                // The longer code's number is put to the same vote among the longer readings.
                let longerVotes = longer.reduce(0) { $0 + $1.value }
                guard Double(count) >= requiredShare * Double(longerVotes) else { return .contested }
                return .replaced(by: carriers[winner]!)
            }
        }
        // A failed EAN-13 at the place of a UPC-E or EAN-8 reading shows the longer symbol
        // there, whose number nobody could read: the short reading is a fragment of it.
        if shortSymbologies.contains(reading.symbology),
            failedReadings.joined().contains(where: {
                !shortSymbologies.contains($0.symbology) && BarcodeMerger.samePlace($0.corners, reading.corners)
            })
        {
            return .contested
        }
        let total = votes.values.reduce(0, +)
        // One zbar pass alone is no evidence for a short code: zbar finds UPC-E and EAN-8
        // patterns in the bars of worn EAN-13s (every UPC-E it read right in the eval set, it
        // read in two passes or more). The passes are counted wherever in the image they read
        // the number: zbar places a linear code by scan-line ends, which differ between passes.
        if shortSymbologies.contains(reading.symbology), reading.engine == .zbar,
            passesReading(reading, in: passes, atItsPlace: false) <= 1
        {
            return .contested
        }
        guard let (winner, count) = ranked.first, total > 0 else { return .confirmed }
        if Double(count) < requiredShare * Double(total) { return .split }
        if winner == mainNumber(of: reading) { return .confirmed }
        return .replaced(by: carriers[winner]!)
    }
}
