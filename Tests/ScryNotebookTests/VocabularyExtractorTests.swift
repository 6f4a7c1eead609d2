import ScryCore
import ScryNotebook
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
    let found = extractor.words(inLines: ["The DOG’s Clock read o'clock; don't we'll it's."])
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
