import ScryCore

/// A word's base form (its lemma) and the part of speech it was read as.
public struct BaseForm: Sendable, Equatable {
    /// The lemma, lower case: "row" for "rowed", "mouse" for "mice", "good" for "better".
    public var lemma: String
    /// The part of speech the word was read as; nil for a word WordNet does not list.
    public var partOfSpeech: WordNet.PartOfSpeech?

    public init(lemma: String, partOfSpeech: WordNet.PartOfSpeech?) {
        self.lemma = lemma
        self.partOfSpeech = partOfSpeech
    }
}

/// Finds the lemma of a printed word with WordNet's morphology (its exception lists and its
/// detachment rules, as morphy(7WN) applies them), choosing between readings by the word
/// before it where WordNet gives several:
///
/// 1. An irregular form of a noun, adjective or adverb (`mice`, `better`, `worst`) is stored
///    under its base form (`mouse`, `good`, `bad`).
/// 2. An irregular verb form (`went`, `saw`, `left`) is stored under its verb (`go`, `see`,
///    `leave`), unless it is itself a noun or adjective and follows a determiner ("the
///    ground", "his left hand").
/// 3. A word that is a lemma itself but also an inflected form of another: an -s form is
///    stored under the other ("arms": `arm`) unless WordNet tags more of its own senses as
///    nouns than the other's ("species"); an -ed form under its verb ("planted": `plant`)
///    unless it follows a determiner or an intensifier ("very tired": `tired`); an -ing form
///    under its verb after a form of be or have ("was building": `build`), and elsewhere
///    unless it follows a determiner or an intensifier ("the building") or WordNet tags more
///    of its senses as a noun than of the verb's ("evening", not `even`). Any other
///    word that is a lemma stays as it is.
/// 4. Otherwise the first base form the detachment rules reach, trying noun, verb, then
///    adjective (`villagers` → `villager`, `rowed` → `row`).
/// 5. A word WordNet does not know is its own lemma.
public struct Lemmatizer: Sendable {
    public let wordNet: WordNet

    public init(wordNet: WordNet) {
        self.wordNet = wordNet
    }

    /// The base form of `form` (lower case), read after `previous` (lower case; nil at a
    /// sentence's start).
    public func baseForm(of form: String, after previous: String? = nil) -> BaseForm {
        for part in [WordNet.PartOfSpeech.noun, .adjective, .adverb] {
            if let lemma = wordNet.irregularBaseForms(of: form, part).first(where: { wordNet.isLemma($0, part) }) {
                return BaseForm(lemma: lemma, partOfSpeech: part)
            }
        }
        let afterDeterminer = previous.map(Self.determiners.contains) ?? false
        let ownParts = wordNet.partsOfSpeech(of: form)
        if let verb = wordNet.irregularBaseForms(of: form, .verb).first(where: { wordNet.isLemma($0, .verb) }) {
            if afterDeterminer, let part = ownParts.first(where: { $0 == .noun || $0 == .adjective }) {
                return BaseForm(lemma: form, partOfSpeech: part)
            }
            return BaseForm(lemma: verb, partOfSpeech: .verb)
        }
        if let ownPart = ownParts.first {
            let verb = wordNet.baseForms(of: form, .verb).first(where: { $0 != form })
            let afterAuxiliary = previous.map(Self.auxiliaries.contains) ?? false
            let afterModifier = afterDeterminer || (previous.map(Self.intensifiers.contains) ?? false)
            if form.hasSuffix("s"), !form.hasSuffix("ss") {
                for part in [WordNet.PartOfSpeech.noun, .verb] {
                    if let other = wordNet.baseForms(of: form, part).first(where: { $0 != form }),
                        wordNet.taggedSenses(of: form, .noun) <= wordNet.taggedSenses(of: other, part)
                    {
                        return BaseForm(lemma: other, partOfSpeech: part)
                    }
                }
            }
            if form.hasSuffix("ed"), let verb, afterAuxiliary || !afterModifier {
                return BaseForm(lemma: verb, partOfSpeech: .verb)
            }
            if form.hasSuffix("ing"), let verb,
                afterAuxiliary
                    || (!afterModifier
                        && wordNet.taggedSenses(of: form, .noun) <= wordNet.taggedSenses(of: verb, .verb))
            {
                return BaseForm(lemma: verb, partOfSpeech: .verb)
            }
            if afterDeterminer, let part = ownParts.first(where: { $0 == .noun || $0 == .adjective }) {
                return BaseForm(lemma: form, partOfSpeech: part)
            }
            return BaseForm(lemma: form, partOfSpeech: ownPart)
        }
        for part in [WordNet.PartOfSpeech.noun, .verb, .adjective] {
            if let lemma = wordNet.baseForms(of: form, part).first {
                return BaseForm(lemma: lemma, partOfSpeech: part)
            }
        }
        return BaseForm(lemma: form, partOfSpeech: nil)
    }

    /// The first lemma morphy(7WN) gives for `form`, trying noun, verb, adjective and adverb in
    /// turn; nil when WordNet has none.
    public func firstBaseForm(of form: String) -> String? {
        for part in WordNet.PartOfSpeech.allCases {
            if let lemma = wordNet.baseForms(of: form, part).first { return lemma }
        }
        return nil
    }

    /// Every lemma `form` may come from, in any part of speech (itself included when it is
    /// one): what a frequency list's form counts towards.
    public func allBaseForms(of form: String) -> [String] {
        var lemmas: [String] = []
        for part in WordNet.PartOfSpeech.allCases {
            for lemma in wordNet.baseForms(of: form, part) where !lemmas.contains(lemma) { lemmas.append(lemma) }
        }
        return lemmas
    }

    /// Words after which a noun or an adjective comes, not a verb.
    static let determiners: Set<String> = [
        "a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their",
        "every", "each", "some", "any", "no", "another", "either", "neither", "whose", "which", "what",
    ]

    /// Words that modify an adjective ("very tired").
    static let intensifiers: Set<String> = [
        "very", "so", "too", "more", "most", "less", "least", "quite", "rather", "really", "extremely", "somewhat",
    ]

    /// Forms of be and have, after which an -ed or -ing form is a verb.
    static let auxiliaries: Set<String> = [
        "am", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "having",
    ]
}
