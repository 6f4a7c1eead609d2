import Foundation
import Testing

@testable import ScryNeuralText

/// Language correction over scores made by hand: which words it replaces, with what, and which
/// it leaves as read.
@Suite struct LanguageCorrectionTests {
    static let characters = ["t", "h", "e", "b", "a", "3", ","]
    let decoding = CTCDecoding(characters: Self.characters)
    let lexicon = Lexicon(contents: Array("the\nhat\nbat\n".utf8))

    /// One column per entry: the named characters' probabilities, the rest of the column blank.
    func scores(_ columns: [[String: Float]]) -> CTCScores {
        var probabilities: [Float] = []
        for column in columns {
            var row = [Float](repeating: 0, count: decoding.classCount)
            for (character, probability) in column {
                let index = character == " " ? decoding.classCount - 1 : Self.characters.firstIndex(of: character)! + 1
                row[index] = probability
            }
            row[0] = max(0, 1 - row.reduce(0, +))
            probabilities += row
        }
        return CTCScores(probabilities: probabilities, columns: columns.count, decoding: decoding, classes: decoding.classNumbers)
    }

    /// "t", then "b" a little likelier than "h", then "e", each followed by a blank column.
    func doubtfulThe(hAgainstB h: Float = 0.4) -> [[String: Float]] {
        [["t": 0.9], [:], ["b": 1 - h - 0.05, "h": h], [:], ["e": 0.9], [:]]
    }

    func read(_ columns: [[String: Float]], margin: Double = LanguageCorrection.defaultMargin) -> (String, [LanguageCorrection.Replacement]) {
        let scores = scores(columns)
        let greedy = decoding.decode(scores.probabilities[...], columns: scores.columns)
        let corrected = LanguageCorrection(lexicon: lexicon, margin: margin).corrected(greedy, scores: scores)
        return (corrected.characters.map(\.text).joined(), corrected.replacements)
    }

    @Test func aWordTheLexiconLacksBecomesALexiconWordNearlyAsLikely() {
        let (text, replacements) = read(doubtfulThe())
        #expect(text == "the")
        #expect(replacements == [.init(read: "tbe", corrected: "the")])
    }

    @Test func aLexiconWordFarLessLikelyThanTheWordReadDoesNotReplaceIt() {
        // log(0.55 / 0.4) is 0.32: a margin under it keeps the reading.
        #expect(read(doubtfulThe(), margin: 0.3).0 == "tbe")
        #expect(read(doubtfulThe(), margin: 0.4).0 == "the")
        // With "h" at 0.001, "the" is 6.3 less likely in log than "tbe".
        #expect(read(doubtfulThe(hAgainstB: 0.001)).0 == "tbe")
    }

    @Test func wordsOfTheLexiconAndWordsWithDigitsStayAsRead() {
        // "bat" is in the lexicon even though "hat" is nearly as likely.
        let bat: [[String: Float]] = [["b": 0.5, "h": 0.45], [:], ["a": 0.9], [:], ["t": 0.9]]
        #expect(read(bat).0 == "bat")
        let digit: [[String: Float]] = [["t": 0.9], [:], ["3": 0.5, "h": 0.45], [:], ["e": 0.9]]
        #expect(read(digit).0 == "t3e")
    }

    @Test func punctuationAroundAWordStaysAndOtherWordsKeepTheirPlaces() {
        // "bat tbe," : the second word is corrected, its comma kept; its characters share its
        // columns; the first word and the space are untouched.
        let columns: [[String: Float]] =
            [["b": 0.9], [:], ["a": 0.9], [:], ["t": 0.9], [" ": 0.9]] + doubtfulThe().dropLast() + [[",": 0.9]]
        let scores = scores(columns)
        let greedy = decoding.decode(scores.probabilities[...], columns: scores.columns)
        #expect(greedy.map(\.text).joined() == "bat tbe,")
        let corrected = LanguageCorrection(lexicon: lexicon).corrected(greedy, scores: scores)
        #expect(corrected.characters.map(\.text).joined() == "bat the,")
        #expect(Array(corrected.characters.prefix(4)) == Array(greedy.prefix(4)))
        let word = corrected.characters.suffix(4)
        #expect(word.first!.columns.lowerBound == greedy[4].columns.lowerBound)
        #expect(word.last!.columns.upperBound == greedy.last!.columns.upperBound)
        for (left, right) in zip(word, word.dropFirst()) { #expect(left.columns.upperBound < right.columns.lowerBound) }
    }

    @Test func theLexiconIgnoresCaseAndTakesHyphenatedWordsByTheirParts() {
        let lexicon = Lexicon(contents: Array("Elizabeth\ngood\nhumoured\nsaid\nand\nDarcy's\n".utf8))
        #expect(lexicon.count == 6)
        #expect(lexicon.contains("ELIZABETH") && lexicon.contains("elizabeth"))
        #expect(lexicon.contains("Darcy\u{2019}s"))
        #expect(lexicon.accepts("good-humoured") && lexicon.accepts("said\u{2014}and"))
        #expect(!lexicon.accepts("good-") && !lexicon.accepts("goodhumoured") && !lexicon.accepts("good-hmoured"))
        #expect(LanguageCorrection.core(of: "\u{201C}Well,") == "Well")
        #expect(LanguageCorrection.core(of: "1811,") == nil && LanguageCorrection.core(of: "\u{2014}") == nil)
    }
}
