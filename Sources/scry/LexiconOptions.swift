import ArgumentParser
import ScryLexicon
import ScryNotebook

/// Where `scry vocab` finds lemmas, meanings, word frequencies and translations, and how many
/// common lemmas count as known.
struct LexiconOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Words of the most frequent N lemmas (wordfreq's English list) count as known and are not stored; 0 keeps every word.", valueName: "N"))
    var known = 2000

    @Option(help: ArgumentHelp("Also store a translation of each word: it (Italian), de, fr, es, pt or nl (FreeDict's dictionaries).", valueName: "language"))
    var translate: String?

    @Option(help: ArgumentHelp("WordNet's folder (Debian's wordnet-base).", valueName: "path"))
    var wordnet = WordNet.defaultFolder

    @Option(help: ArgumentHelp("wordfreq's English list, uncompressed (scripts/install-deps).", valueName: "path"))
    var frequencyList = FrequencyList.defaultPath

    func validate() throws {
        if !(0...1_000_000).contains(known) { throw ValidationError("--known must be from 0 to 1000000") }
        try requireUTF8(wordnet, option: "--wordnet")
        try requireUTF8(frequencyList, option: "--frequency-list")
    }

    /// The lexicon, or a one-line failure with status 69 (a file missing) or 64 (a language
    /// without a dictionary).
    func load() throws -> VocabularyLexicon {
        try Self.load(wordnet: wordnet, frequencyList: frequencyList, known: known, translate: translate)
    }

    /// A lexicon from these files (no known words when `known` is 0).
    static func load(
        wordnet: String = WordNet.defaultFolder, frequencyList: String = FrequencyList.defaultPath, known: Int,
        translate: String?
    ) throws -> VocabularyLexicon {
        do {
            let lemmatizer = Lemmatizer(wordNet: try WordNet(folder: wordnet))
            let common = known > 0
                ? CommonLemmas(count: known, frequencies: try FrequencyList(path: frequencyList), lemmatizer: lemmatizer)
                : nil
            let dictionary = try translate.map { (language: String) throws(LexiconError) in
                try BilingualDictionary(language: language)
            }
            return VocabularyLexicon(lemmatizer: lemmatizer, commonLemmas: common, dictionary: dictionary)
        } catch {
            let status = if case .unsupportedLanguage = error { ExitStatus.usage } else { ExitStatus.unavailable }
            throw CommandFailure(message: error.description, status: status)
        }
    }
}
