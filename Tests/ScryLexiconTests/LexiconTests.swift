import Foundation
@testable import ScryLexicon
import ScryTestSupport
import Testing

// WordNet, wordfreq and FreeDict as Debian and scripts/install-deps put them.

private let wordNet = Result { try WordNet() }

@Test func wordsAreStoredUnderTheirLemmas() throws {
    let lemmatizer = Lemmatizer(wordNet: try wordNet.get())
    let cases: [(String, String?, String, WordNet.PartOfSpeech?)] = [
        ("rowed", "they", "row", .verb), ("villagers", "the", "villager", .noun), ("mice", nil, "mouse", .noun),
        ("went", "she", "go", .verb), ("better", "a", "good", .adjective), ("lighthouses", nil, "lighthouse", .noun),
        ("children", nil, "child", .noun), ("planted", "gardener", "plant", .verb), ("arms", "his", "arm", .noun),
        // Read by the word before it: a noun after a determiner, a verb after an auxiliary.
        ("ground", "the", "ground", .noun), ("ground", "they", "grind", .verb),
        ("building", "the", "building", .noun), ("building", "was", "build", .verb),
        ("tired", "very", "tired", .adjective), ("species", nil, "species", .noun), ("evening", nil, "evening", .noun),
        ("reaching", "and", "reach", .verb),
        // Not in WordNet: its own lemma.
        ("zyxt", nil, "zyxt", nil),
    ]
    for (form, previous, lemma, part) in cases {
        #expect(lemmatizer.baseForm(of: form, after: previous) == BaseForm(lemma: lemma, partOfSpeech: part), "\(form)")
    }
    #expect(Set(lemmatizer.allBaseForms(of: "saw")) == ["saw", "see"])
}

@Test func definitionsAreTheGlossOfTheMostFrequentSenseWithoutExamples() throws {
    let lexicon = VocabularyLexicon(lemmatizer: Lemmatizer(wordNet: try wordNet.get()), commonLemmas: nil, dictionary: nil)
    #expect(lexicon.definition(of: "lighthouse", as: .noun) == "a tower with a light that gives warning of shoals to passing ships")
    #expect(lexicon.definition(of: "row", as: .verb) == "propel with oars")
    // No adverb "lighthouse": its noun.
    #expect(lexicon.definition(of: "lighthouse", as: .adverb) == lexicon.definition(of: "lighthouse", as: .noun))
    #expect(lexicon.definition(of: "zyxt", as: nil) == nil)
}

@Test func theMostFrequentLemmasAreKnown() throws {
    let lemmatizer = Lemmatizer(wordNet: try wordNet.get())
    let frequencies = try FrequencyList()
    #expect(frequencies.rank(of: "the") == 1)
    #expect(try #require(frequencies.rank(of: "lantern")) > 5000)
    let common = CommonLemmas(count: 2000, frequencies: frequencies, lemmatizer: lemmatizer)
    for word in ["day", "great", "old", "go", "see", "good", "water", "would"] { #expect(common.contains(word), "\(word)") }
    for word in ["lantern", "lighthouse", "villager", "gardener", "oar"] { #expect(!common.contains(word), "\(word)") }
    #expect(!CommonLemmas(count: 0, frequencies: frequencies, lemmatizer: lemmatizer).contains("the"))
}

@Test func aCentibelPackIsReadAndAMalformedOneRefused() throws {
    // [{"format": "cB", "version": 1}, [], ["the", "of"], ["harbour"]] as wordfreq writes it,
    // the last string as str8 and the outer array as array16.
    var bytes: [UInt8] = [0xdc, 0x00, 0x04, 0x82, 0xa6] + Array("format".utf8) + [0xa2] + Array("cB".utf8)
    bytes += [0xa7] + Array("version".utf8) + [0x01, 0x90, 0x92, 0xa3] + Array("the".utf8) + [0xa2] + Array("of".utf8)
    bytes += [0x91, 0xd9, 0x07] + Array("harbour".utf8)
    let bins = try #require(CentibelPack.bins(bytes))
    #expect(bins == [[], ["the", "of"], ["harbour"]])
    let list = FrequencyList(bins: bins)
    #expect(list.words == ["the", "of", "harbour"] && list.rank(of: "harbour") == 3)
    #expect(abs(list.frequency(of: "the") - 0.955) < 0.001)
    for cut in 0..<bytes.count { #expect(CentibelPack.bins(Array(bytes.prefix(cut))) == nil) }
    #expect(CentibelPack.bins([0xdc, 0x00, 0x02, 0x80, 0xc1]) == nil)
}

@Test func translationsComeFromFreeDictAndAMissingOneSaysSo() throws {
    #expect(BilingualDictionary.base64Number(Array("Bf0v1".utf8)[...]) == ((((1 * 64 + 31) * 64 + 52) * 64 + 47) * 64 + 53))
    let spanish = try BilingualDictionary(language: "es")
    #expect(spanish.translation(of: "lantern") == "farol")
    #expect(spanish.translation(of: "zyxt") == nil)
    #expect(try BilingualDictionary(language: "deu").language == "de")
    #expect(throws: LexiconError.unsupportedLanguage("ja")) { try BilingualDictionary(language: "ja") }
    #expect(throws: LexiconError.self) { try BilingualDictionary(language: "it", folder: "/nonexistent") }
}
