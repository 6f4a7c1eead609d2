import ScryCore
import ScryLexicon
@testable import ScryNotebook
import Testing

private let words = WordList([
    "quick", "brown", "fox", "jumps", "lazy", "dog", "example", "well", "known", "read", "reading",
    "sentence", "o'clock", "clock", "cat", "cats", "ran", "it", "the", "and", "Paris", "visited", "twelve",
    "abc", "sit", "we", "chapter", "one",
])
private let extractor = VocabularyExtractor(wordList: words)

@Test func keepsContentWordsWithTheirSentenceOnce() {
    let found = extractor.words(inLines: [
        "The quick brown fox jumps over the lazy dog.", "The dog ran. The fox ran too!",
    ])
    #expect(found.map(\.word) == ["quick", "brown", "fox", "jumps", "lazy", "dog", "ran"])
    #expect(found[0].context == "The quick brown fox jumps over the lazy dog.")
    #expect(found.last == VocabularyWord(word: "ran", context: "The dog ran."))
}

@Test func dropsFunctionWordsNumbersShortWordsAndUnknownWords() {
    let found = extractor.words(inLines: ["It and the 12 cats sat with us: a B2B abc x Zyxwv twelve."])
    // "it", "and", "the", "with", "us", "a": function words; "12", "B2B", "twelve": numbers;
    // "x": one letter; "sat", "zyxwv": not in the list.
    #expect(found.map(\.word) == ["cats", "abc"])
}

@Test func dropsProperNounsTheListHoldsOnlyCapitalized() {
    #expect(extractor.words(inLines: ["We visited Paris."]).map(\.word) == ["visited"])
}

@Test func lowerCasesAndStripsPossessivesButKeepsListedApostropheWords() {
    let found = extractor.words(inLines: ["The DOG’s CLOCK read o'clock; don't we'll it's."])
    #expect(found.map(\.word) == ["dog", "clock", "read", "o'clock"])
}

@Test func joinsWordsHyphenatedAcrossLinesOnlyWhenTheJoinIsAWord() {
    let found = extractor.words(inLines: ["An exam-", "ple of a well-", "known sentence."])
    #expect(found.map(\.word) == ["example", "well", "known", "sentence"])
    #expect(found[0].context == "An example of a well-known sentence.")
}

@Test func splitsSentencesButNotAfterAbbreviations() {
    #expect(
        Sentences.split("Dr. Watson came in.  He sat (quietly).\"Yes!\" she said? no end")
            == ["Dr. Watson came in.", "He sat (quietly).\"Yes!\"", "she said?", "no end"])
    #expect(Sentences.split("") == [])
}

@Test func cutsLongSentencesInContext() {
    var short = extractor
    short.maximumContextLength = 20
    let found = short.words(inLines: ["The quick brown fox jumps over the lazy dog."])
    #expect(found[0].context == "The quick brown fox…")
}

@Test func hostileTextGivesNoWordsAndNoCrash() {
    let control = String(repeating: "\u{0}\u{7}\u{1B}[31m", count: 1000)
    #expect(extractor.words(inLines: [control, String(repeating: "-", count: 10_000), "'''", "’"]).isEmpty)
    let long = String(repeating: "fox ", count: 50_000)
    #expect(extractor.words(inLines: [long]).map(\.word) == ["fox"])
}

@Test func wordListReadsOneWordPerLine() {
    let list = WordList(contents: Array("apple\nBanana\n\n  cherry \r\nParis\n".utf8))
    #expect(list.count == 2)
    #expect(list.contains("APPLE"))
    #expect(list.contains("cherry"))
    #expect(!list.contains("paris"))
    #expect(!list.contains("banana"))
}

@Test func aPageHeadingIsNotGluedToTheFirstSentence() {
    let body = [
        "The keepers rowed out to the rock before the storm", "broke, and the lamp was lit by the time the first",
        "waves reached the gallery. Nobody slept that night.", "Then morning came.",
    ]
    // A running head in capitals, a short title, then the text; a paragraph's short last line
    // ends with its full stop and is not a heading.
    let set = Sentences.headingsSetApart(["CHAPTER IV", "The Lighthouse"] + body)
    #expect(set == ["CHAPTER IV.", "The Lighthouse."] + body)
    let sentences = Sentences.split(Sentences.runningText(set) { _ in false })
    #expect(sentences[2] == "The keepers rowed out to the rock before the storm broke, and the lamp was lit by the time the first waves reached the gallery.")
    // A line that ends as a broken sentence, or is followed by one in lower case, stays.
    #expect(Sentences.headingsSetApart(["Short", "and then the rest of a long line of body text here.", "x"]) == ["Short", "and then the rest of a long line of body text here.", "x"])
}

@Test func withALexiconWordsAreLemmasWithTheirFormsAndMeaningsAndCommonOnesLeftOut() throws {
    let wordNet = try WordNet()
    let lemmatizer = Lemmatizer(wordNet: wordNet)
    let lexicon = VocabularyLexicon(
        lemmatizer: lemmatizer,
        commonLemmas: CommonLemmas(count: 2000, frequencies: try FrequencyList(), lemmatizer: lemmatizer),
        dictionary: try BilingualDictionary(language: "es"))
    let extractor = VocabularyExtractor(
        wordList: WordList(["villagers", "rowed", "lanterns", "lantern", "would", "never", "every", "old", "day", "the", "mice", "great"]),
        lexicon: lexicon)
    let words = extractor.words(inLines: ["The villagers would never row every old day.", "Great mice rowed lanterns; the lantern."])
    #expect(words.map(\.word) == ["villager", "mouse", "row", "lantern"])
    #expect(words.map(\.forms) == [["villagers"], ["mice"], ["rowed"], ["lanterns", "lantern"]])
    #expect(words[3].definition == "light in a transparent protective case" && words[3].translation == "farol")
    #expect(words[3].partOfSpeech == "noun" && words[3].context == "Great mice rowed lanterns; the lantern.")
}

@Test func aWordPrintedOnlyCapitalizedInsideSentencesIsANameAndRomanNumeralsAreNumbers() {
    let extractor = VocabularyExtractor(wordList: WordList(["maria", "admiral", "gate", "fanny", "mix", "iii"]))
    // "Maria" (also a plural of "mare") only with a capital inside a sentence: a name; "admiral"
    // printed in lower case too: a word; a sentence's first word proves nothing.
    let found = extractor.words(inLines: ["CHAPTER III", "Fanny saw Maria and Admiral Croft at the gate.", "The admiral would mix."])
    #expect(found.map(\.word) == ["fanny", "admiral", "gate", "mix"])
    #expect(VocabularyExtractor.isRomanNumeral("XIV") && VocabularyExtractor.isRomanNumeral("iii"))
    #expect(!VocabularyExtractor.isRomanNumeral("mix") && !VocabularyExtractor.isRomanNumeral("I") && !VocabularyExtractor.isRomanNumeral("civil"))
}
