import Foundation

extension CTCScores {
    /// The `count` likeliest readings of the line among texts made only of characters
    /// `include` accepts (no spaces), most likely first, each with the natural log of its
    /// probability over every alignment (`logLikelihood(of:)`, CTC's forward algorithm).
    ///
    /// The readings are found by CTC's prefix beam search: column by column, the `beamWidth`
    /// likeliest prefixes are kept, each extended by the blank, by its own last character
    /// again, and by each accepted character whose probability in that column is at least
    /// `floor` (at most `branching` of them, likeliest first).
    public func likeliestReadings(
        count: Int, beamWidth: Int = 16, branching: Int = 12, floor: Float = 1e-6, where include: (String) -> Bool
    ) -> [(text: String, logLikelihood: Double)] {
        likeliestReadings(
            count: count, beamWidth: beamWidth, branching: branching, floor: floor,
            acceptedClasses: Self.acceptedClasses(of: decoding, where: include))
    }

    /// For each of `decoding`'s classes, whether `include` accepts its character; the blank
    /// (class 0) and the recognizer's own space (the last class) never.
    public static func acceptedClasses(of decoding: CTCDecoding, where include: (String) -> Bool) -> [Bool] {
        var accepted = [Bool](repeating: false, count: decoding.classCount)
        for (index, text) in decoding.characters.enumerated() where include(text) { accepted[index + 1] = true }
        return accepted
    }

    /// `likeliestReadings(count:where:)` with the accepted classes made beforehand
    /// (`acceptedClasses(of:where:)`), for a caller that searches many lines.
    public func likeliestReadings(
        count: Int, beamWidth: Int = 16, branching: Int = 12, floor: Float = 1e-6, acceptedClasses accepted: [Bool]
    ) -> [(text: String, logLikelihood: Double)] {
        let classCount = decoding.classCount
        guard count > 0, columns > 0, probabilities.count == columns * classCount, accepted.count == classCount else { return [] }
        func logProbability(_ column: Int, _ label: Int) -> Double {
            log(max(Double(probabilities[column * classCount + label]), 1e-30))
        }
        func add(_ a: Double, _ b: Double) -> Double {
            if a == -.infinity { return b }
            if b == -.infinity { return a }
            let high = max(a, b)
            return high + log(exp(a - high) + exp(b - high))
        }
        /// A prefix's log probability of ending, so far, in a blank and in its last character.
        struct Ending { var blank = -Double.infinity, character = -Double.infinity }
        var beam: [[Int]: Ending] = [[]: Ending(blank: 0)]
        for column in 0..<columns {
            let row = column * classCount
            var labels: [Int] = []
            for label in 1..<classCount where accepted[label] && probabilities[row + label] >= floor { labels.append(label) }
            if labels.count > branching {
                labels = Array(labels.sorted { probabilities[row + $0] > probabilities[row + $1] }.prefix(branching))
            }
            let blank = logProbability(column, 0)
            var next: [[Int]: Ending] = [:]
            for (prefix, ending) in beam {
                let total = add(ending.blank, ending.character)
                next[prefix, default: Ending()].blank = add(next[prefix, default: Ending()].blank, total + blank)
                if let last = prefix.last {
                    // The last character's run goes on.
                    let stay = ending.character + logProbability(column, last)
                    next[prefix, default: Ending()].character = add(next[prefix, default: Ending()].character, stay)
                }
                for label in labels {
                    let longer = prefix + [label]
                    // The same character twice needs a blank between.
                    let from = label == prefix.last ? ending.blank : total
                    let entry = from + logProbability(column, label)
                    next[longer, default: Ending()].character = add(next[longer, default: Ending()].character, entry)
                }
            }
            let kept = next.sorted { add($0.value.blank, $0.value.character) > add($1.value.blank, $1.value.character) }
                .prefix(beamWidth)
            beam = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
        let readings = beam.keys.filter { !$0.isEmpty }
            .sorted { add(beam[$0]!.blank, beam[$0]!.character) > add(beam[$1]!.blank, beam[$1]!.character) }
            .prefix(count)
            .map { labels in labels.map { decoding.characters[$0 - 1] }.joined() }
        return readings.compactMap { text in logLikelihood(of: text).map { (text, $0) } }
            .sorted { $0.logLikelihood != $1.logLikelihood ? $0.logLikelihood > $1.logLikelihood : $0.text < $1.text }
    }
}
