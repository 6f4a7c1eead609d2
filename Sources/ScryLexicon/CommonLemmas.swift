import ScryCore

/// The lemmas a learner already knows: the `count` most frequent lemmas of a frequency list,
/// ranked two ways, and known when either ranks them: by the sum of their forms' frequencies
/// (`rowed`, `rows` and `row` all count towards `row`; a form two lemmas may come from counts
/// towards both), and in the order the list first gives a form of them (each form counted
/// for the first lemma WordNet's morphology finds, as morphy(7WN) answers). The list's first
/// `20 × count` words (at least 20,000) are read, which holds more than 99% of the frequency
/// of the lemmas that rank.
public struct CommonLemmas: Sendable {
    public let count: Int
    private let lemmas: Set<String>

    public init(count: Int, frequencies: FrequencyList, lemmatizer: Lemmatizer) {
        self.count = count
        guard count > 0 else {
            lemmas = []
            return
        }
        let considered = frequencies.words.prefix(max(20 * count, 20_000))
        var summed: [String: Double] = [:]
        var inOrder: [String] = []
        var seen = Set<String>()
        for word in considered where word.allSatisfy({ $0.isLetter || $0 == "'" }) {
            let bases = lemmatizer.allBaseForms(of: word)
            for lemma in bases.isEmpty ? [word] : bases {
                summed[lemma, default: 0] += frequencies.frequency(of: word)
            }
            let first = lemmatizer.firstBaseForm(of: word) ?? word
            if seen.count < count, seen.insert(first).inserted { inOrder.append(first) }
        }
        let bySum = summed.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(count).map(\.key)
        lemmas = Set(bySum).union(inOrder)
    }

    /// Whether `lemma` is one of the most frequent.
    public func contains(_ lemma: String) -> Bool { lemmas.contains(lemma) }
}
