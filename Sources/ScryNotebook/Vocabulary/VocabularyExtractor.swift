import ScryCore
import ScryLexicon
/// A word worth learning, with the sentence it was read in.
public struct VocabularyWord: Sendable, Equatable {
    /// The word's lemma, lower case ("row" for "rowed"); the word itself without a lexicon.
    public var word: String
    /// The forms it was printed in, lower case, in the order met ("rowed", "rows").
    public var forms: [String]
    /// The whole sentence the word first appeared in, white space collapsed.
    public var context: String
    /// The part of speech it was read as (noun, verb, adjective, adverb), when known.
    public var partOfSpeech: String?
    /// A short English definition (WordNet's gloss), when the lexicon has one.
    public var definition: String?
    /// Its translation into the language asked for, when the dictionary has one.
    public var translation: String?

    public init(
        word: String, forms: [String]? = nil, context: String, partOfSpeech: String? = nil, definition: String? = nil,
        translation: String? = nil
    ) {
        self.word = word
        self.forms = forms ?? [word]
        self.context = context
        self.partOfSpeech = partOfSpeech
        self.definition = definition
        self.translation = translation
    }
}

/// Picks the vocabulary out of a recognized page: words of two letters or more, no numbers,
/// no function words (`FunctionWords`), known to the English word list, lower-cased; with a
/// lexicon, each stored under its lemma, left out when the lemma is among the most common
/// ones, and given a definition (and a translation when asked). Each lemma is kept once with
/// the first sentence it appeared in and every form it was printed in.
public struct VocabularyExtractor: Sendable {
    public let wordList: WordList
    public let lexicon: VocabularyLexicon?
    /// Sentences longer than this many characters are cut (with "…") in `context`.
    public var maximumContextLength = 400

    public init(wordList: WordList, lexicon: VocabularyLexicon? = nil) {
        self.wordList = wordList
        self.lexicon = lexicon
    }

    /// The vocabulary of `lines`, recognized lines of text in reading order. A word printed on
    /// the page only with a capital letter, and at least once inside a sentence ("said
    /// Maria", "the Admiral"), is taken for a name and left out.
    public func words(inLines lines: [String]) -> [VocabularyWord] {
        let text = Sentences.runningText(Sentences.headingsSetApart(lines)) { wordList.contains($0) }
        let sentences = Sentences.split(text)
        let tokens = sentences.map(candidates(in:))
        var inLowerCase = Set<String>()
        var capitalizedInside = Set<String>()
        for token in tokens.joined() {
            switch token.printed {
            case .lowerCase: inLowerCase.insert(token.form)
            case .capitalizedInside: capitalizedInside.insert(token.form)
            case .other: break
            }
        }
        let names = capitalizedInside.subtracting(inLowerCase)
        var found: [VocabularyWord] = []
        var places: [String: Int] = [:]
        for (sentence, sentenceTokens) in zip(sentences, tokens) {
            for token in sentenceTokens where !names.contains(token.form) {
                let form = token.form
                let base = lexicon?.lemmatizer.baseForm(of: form, after: token.previous)
                let lemma = base?.lemma ?? form
                if let place = places[lemma] {
                    if !found[place].forms.contains(form) { found[place].forms.append(form) }
                    continue
                }
                if FunctionWords.contains(lemma) || lexicon?.commonLemmas?.contains(lemma) == true { continue }
                places[lemma] = found.count
                found.append(
                    VocabularyWord(
                        word: lemma, forms: [form], context: shortened(sentence), partOfSpeech: base?.partOfSpeech?.name,
                        definition: lexicon?.definition(of: lemma, as: base?.partOfSpeech),
                        translation: lexicon?.dictionary?.translation(of: lemma)))
            }
        }
        return found
    }

    /// How a word was printed: in lower case, with a capital inside a sentence (not its first
    /// word, not in capitals throughout), or otherwise.
    enum Printed { case lowerCase, capitalizedInside, other }

    /// A word of a sentence that passes every rule.
    struct Token {
        /// Lower case, its possessive or contraction ending removed.
        var form: String
        /// The word printed before it (lower case; nil at the sentence's start or after a number).
        var previous: String?
        var printed: Printed
    }

    /// The words of `sentence` that pass every rule, in order (repeats included).
    func candidates(in sentence: String) -> [Token] {
        var words: [Token] = []
        var previous: String?
        var first = true
        for chunk in sentence.split(whereSeparator: \.isWhitespace) {
            // "3rd", "B2B", "1990s": anything with a digit is a number, not a word.
            if chunk.contains(where: \.isNumber) {
                previous = nil
                first = false
                continue
            }
            for token in chunk.split(whereSeparator: { !$0.isLetter && !Self.apostrophes.contains($0) }) {
                defer {
                    previous = token.lowercased().replacingApostrophes()
                    first = false
                }
                if Self.isRomanNumeral(token) { continue }
                guard let word = vocabularyForm(of: String(token)) else { continue }
                let letters = token.filter(\.isLetter)
                let printed: Printed =
                    letters.allSatisfy(\.isLowercase) ? .lowerCase
                    : !first && letters.first?.isUppercase == true && letters.dropFirst().allSatisfy(\.isLowercase)
                        ? .capitalizedInside : .other
                words.append(Token(form: word, previous: previous, printed: printed))
            }
        }
        return words
    }

    /// Whether `token` is a Roman numeral of two letters or more ("III", "xii", "XIV"): a
    /// number, as a chapter's. "mix" and "mic", English words that read as numerals, are not.
    static func isRomanNumeral(_ token: Substring) -> Bool {
        let lower = token.lowercased()
        guard lower.count >= 2, lower != "mix", lower != "mic",
            lower.allSatisfy({ "ivxlcdm".contains($0) })
        else { return false }
        return lower.wholeMatch(of: /m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})/) != nil
    }

    private static let apostrophes: Set<Character> = ["'", "’"]
    /// Endings that a contraction or possessive adds to a word ("dog's", "we'll", "they're").
    private static let clitics: Set<String> = ["s", "ll", "re", "ve", "d", "m", "t"]

    /// `token` (letters and apostrophes) as a vocabulary word, or nil when a rule rejects it.
    func vocabularyForm(of token: String) -> String? {
        var word = token.lowercased().replacingApostrophes()
        while word.hasPrefix("'") { word.removeFirst() }
        while word.hasSuffix("'") { word.removeLast() }
        if FunctionWords.contains(word) { return nil }
        if let apostrophe = word.lastIndex(of: "'") {
            // "dog's", "we'll": the word without its ending, where that is a word ("o'clock"
            // has no such ending and stays whole).
            let ending = String(word[word.index(after: apostrophe)...])
            let base = String(word[..<apostrophe])
            if Self.clitics.contains(ending), wordList.contains(base) || !wordList.contains(word) {
                word = base
                if FunctionWords.contains(word) { return nil }
            } else if !wordList.contains(word) {
                return nil
            }
        }
        guard word.filter(\.isLetter).count >= 2, wordList.contains(word) else { return nil }
        return word
    }

    private func shortened(_ sentence: String) -> String {
        guard sentence.count > maximumContextLength else { return sentence }
        return String(sentence.prefix(maximumContextLength - 1)) + "…"
    }
}

extension String {
    fileprivate func replacingApostrophes() -> String {
        String(map { $0 == "’" ? "'" : $0 })
    }
}
