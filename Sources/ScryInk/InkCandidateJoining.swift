extension InkCandidate {
    /// How many candidates of each part (a word, a line) are weighed when parts are joined.
    static let alternativesPerPart = 3

    /// Candidates for an ink read in parts (words side by side, lines), each part's
    /// candidates best first and none empty: the best joins every part's best with
    /// `separator`, the others change one part for one of its other candidates; scores add
    /// up. Best first, at most `count`.
    static func joining(_ parts: [[InkCandidate]], separator: String, count: Int) -> [InkCandidate] {
        let best = parts.map { $0[0] }
        let total = best.reduce(0) { $0 + $1.score }
        var options = [InkCandidate(text: best.map(\.text).joined(separator: separator), score: total)]
        for (index, alternatives) in parts.enumerated() {
            for alternative in alternatives.dropFirst() {
                var texts = best.map(\.text)
                texts[index] = alternative.text
                options.append(InkCandidate(text: texts.joined(separator: separator), score: total - best[index].score + alternative.score))
            }
        }
        return Array(options.sorted { $0.score != $1.score ? $0.score < $1.score : $0.text < $1.text }.prefix(count))
    }
}
