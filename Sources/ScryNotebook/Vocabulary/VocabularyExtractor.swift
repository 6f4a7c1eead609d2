import ScryCore
/// A word worth learning, with the sentence it was read in.
public struct VocabularyWord: Sendable, Equatable {
    /// The word, lower case.
    public var word: String
    /// The whole sentence the word first appeared in, white space collapsed.
    public var context: String

    public init(word: String, context: String) {
        self.word = word
        self.context = context
    }
}

/// Picks the vocabulary out of a recognized page: words of two letters or more, no numbers,
/// no function words (pronouns, prepositions, conjunctions, articles, forms of be, have and
/// do), known to the English word list, lower-cased and each kept once with the first
/// sentence it appeared in.
public struct VocabularyExtractor: Sendable {
    public let wordList: WordList
    /// Sentences longer than this many characters are cut (with "…") in `context`.
    public var maximumContextLength = 400

    public init(wordList: WordList) {
        self.wordList = wordList
    }

    /// The vocabulary of `lines`, recognized lines of text in reading order.
    public func words(inLines lines: [String]) -> [VocabularyWord] {
        let text = Sentences.runningText(lines) { wordList.contains($0) }
        var seen = Set<String>()
        var found: [VocabularyWord] = []
        for sentence in Sentences.split(text) {
            for word in candidates(in: sentence) where seen.insert(word).inserted {
                found.append(VocabularyWord(word: word, context: shortened(sentence)))
            }
        }
        return found
    }

    /// The words of `sentence` that pass every rule, lower case, in order (repeats included).
    func candidates(in sentence: String) -> [String] {
        var words: [String] = []
        for chunk in sentence.split(whereSeparator: \.isWhitespace) {
            // "3rd", "B2B", "1990s": anything with a digit is a number, not a word.
            if chunk.contains(where: \.isNumber) { continue }
            for token in chunk.split(whereSeparator: { !$0.isLetter && !Self.apostrophes.contains($0) }) {
                if let word = vocabularyForm(of: String(token)) { words.append(word) }
            }
        }
        return words
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
        if let apostrophe = word.lastIndex(of: "'"), !wordList.contains(word) {
            let ending = String(word[word.index(after: apostrophe)...])
            guard Self.clitics.contains(ending) else { return nil }
            word = String(word[..<apostrophe])
            if FunctionWords.contains(word) { return nil }
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
