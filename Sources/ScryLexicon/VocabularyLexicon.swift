import ScryCore

/// What turns a printed word into a learner's entry: its lemma (WordNet's morphology), whether
/// a learner knows it already (the most common lemmas of a frequency list), its meaning
/// (WordNet's gloss) and, when asked, its translation (a FreeDict dictionary).
public struct VocabularyLexicon: Sendable {
    public let lemmatizer: Lemmatizer
    /// The lemmas counted as known; nil when none are (`--known 0`).
    public let commonLemmas: CommonLemmas?
    /// The dictionary translations come from; nil when none is asked for.
    public let dictionary: BilingualDictionary?

    public init(lemmatizer: Lemmatizer, commonLemmas: CommonLemmas?, dictionary: BilingualDictionary?) {
        self.lemmatizer = lemmatizer
        self.commonLemmas = commonLemmas
        self.dictionary = dictionary
    }

    /// The definition of `lemma` read as `part` (its most frequent sense), or of its most
    /// common part of speech when WordNet has none for `part`; nil when WordNet lacks it.
    public func definition(of lemma: String, as part: WordNet.PartOfSpeech?) -> String? {
        let wordNet = lemmatizer.wordNet
        if let part, let definition = wordNet.definition(of: lemma, part) { return definition }
        for other in wordNet.partsOfSpeech(of: lemma) {
            if let definition = wordNet.definition(of: lemma, other) { return definition }
        }
        return nil
    }
}
