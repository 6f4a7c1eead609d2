import Foundation
import ScryCore
import ScryNeuralText
import Testing

@testable import ScryInk

/// Japanese and Chinese characters read from zinnia's reading of the strokes and PP-OCR's of
/// the ink drawn: ZinniaRecognizerTests' characters, in their stroke order, and drawn
/// backwards (last stroke first, each from its end), which zinnia alone reads poorly and the
/// picture's reading mostly saves (川 backwards is read as 三 first: the recognizer finds
/// three lone strokes more like 三 whichever way they stand).
struct CharacterRecognizerTests {
    static func model(_ identifier: String) -> (String, CharacterRecognizer.Script, [String]) {
        InkModel.known.compactMap { model -> (String, CharacterRecognizer.Script, [String])? in
            if model.identifier == identifier, case .zinnia(let path, let script, let fonts) = model.kind { return (path, script, fonts) }
            return nil
        }.first!
    }

    /// The model's recognizer as `scry ink` makes it (with printed characters for `ja`).
    static func recognizer(_ identifier: String) throws -> CharacterRecognizer {
        let (path, script, fonts) = model(identifier)
        return CharacterRecognizer(
            zinnia: try ZinniaRecognizer(modelPath: path), reader: try LineRecognizer(), script: script,
            printed: fonts.isEmpty ? nil : try PrintedCharacters(fontPaths: fonts))
    }

    @Test func charactersAreReadInOrderAndMostlyBackwards() throws {
        let recognizer = try Self.recognizer("ja")
        var backwardsFirst = 0
        for (character, strokes) in ZinniaRecognizerTests.drawn {
            let ink = ZinniaRecognizerTests.ink(strokes)
            let backwards = Ink(strokes: ink.strokes.reversed().map { Ink.Stroke(points: $0.points.reversed()) })
            let inOrder = try recognizer.candidates(for: ink, count: 5)
            #expect(inOrder.first?.text == character, "\(character): \(inOrder.map(\.text))")
            let turned = try recognizer.candidates(for: backwards, count: 5)
            #expect(turned.prefix(2).contains { $0.text == character }, "\(character) backwards: \(turned.map(\.text))")
            if turned.first?.text == character { backwardsFirst += 1 }
            for candidates in [inOrder, turned] {
                #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score <= $1.score && $0.score >= 0 })
            }
        }
        #expect(backwardsFirst >= 9, "\(backwardsFirst) of 10 read first backwards")
        #expect(try recognizer.candidates(for: Ink(strokes: []), count: 5).isEmpty)
    }

    /// A pre-context that ends in katakana costs every candidate of another script
    /// `otherScriptCost`, and leaves the katakana ones as they were.
    @Test func thePreContextFavoursItsScript() throws {
        let recognizer = try Self.recognizer("ja")
        let cross = ZinniaRecognizerTests.ink(ZinniaRecognizerTests.drawn[3].1)  // 十
        let plain = try recognizer.candidates(for: cross, count: 100)
        let inKatakana = try recognizer.candidates(for: cross, preContext: "テレビのリモコン", count: 100)
        let before = Dictionary(plain.map { ($0.text, $0.score) }, uniquingKeysWith: { a, _ in a })
        var katakana = 0, others = 0
        for candidate in inKatakana {
            guard let score = before[candidate.text] else { continue }
            let isKatakana = CharacterRecognizer.Script.kind(of: Substring(candidate.text)) == 1
            let expected = isKatakana ? score : score + CharacterRecognizer.otherScriptCost
            #expect(abs(candidate.score - expected) < 1e-9, "\(candidate.text): \(score) then \(candidate.score)")
            if isKatakana { katakana += 1 } else { others += 1 }
        }
        #expect(katakana > 0 && others > 0, "\(katakana) katakana, \(others) others")
        // A pre-context of spaces or Latin letters changes nothing.
        #expect(try recognizer.candidates(for: cross, preContext: "abc ", count: 100).map(\.text) == plain.map(\.text))
    }

    @Test func chineseCandidatesAreIdeographs() throws {
        let recognizer = try Self.recognizer("zh-Hani")
        let (character, strokes) = ZinniaRecognizerTests.drawn[5]  // 人
        let candidates = try recognizer.candidates(for: ZinniaRecognizerTests.ink(strokes), count: 20)
        #expect(candidates.first?.text == character)
        #expect(candidates.count == 20)
        #expect(candidates.allSatisfy { ($0.text.unicodeScalars.first?.value ?? 0) >= 0x3400 }, "\(candidates.map(\.text))")
    }

    /// The one-pass likelihood of every single character is CTC's forward algorithm's.
    @Test func singleCharacterLikelihoodsAreTheForwardAlgorithms() throws {
        let reader = try LineRecognizer()
        let ink = ZinniaRecognizerTests.ink(ZinniaRecognizerTests.drawn[8].1)  // 日
        let scores = try reader.scores(for: ink.renderedLine(widestRatio: 1)!)
        let all = scores.singleCharacterLogLikelihoods { CharacterRecognizer.Script.japanese.includes($0) }
        #expect(all.count > 3000)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.logLikelihood >= $1.logLikelihood })
        for entry in all.prefix(5) + all.suffix(3) {
            let forward = try #require(scores.logLikelihood(of: entry.text))
            #expect(abs(forward - entry.logLikelihood) < 1e-6 * max(1, abs(forward)), "\(entry.text): \(forward) \(entry.logLikelihood)")
        }
    }
}

/// Several characters written side by side in one ink are read as a line: 大人, 山川, 日中,
/// 三日 and 二人 from ZinniaRecognizerTests' characters, each set after the last with a gap
/// of a sixth of a character.
struct CharacterWordsTests {
    static func word(_ text: String) -> Ink {
        let drawn = Dictionary(uniqueKeysWithValues: ZinniaRecognizerTests.drawn.map { ($0.0, $0.1) })
        var strokes: [[(Double, Double)]] = []
        for (place, character) in text.enumerated() {
            let shift = Double(place) * 115
            strokes += drawn[String(character)]!.map { $0.map { ($0.0 + shift, $0.1) } }
        }
        return ZinniaRecognizerTests.ink(strokes)
    }

    @Test(arguments: ["大人", "山川", "日中", "三日", "二人"])
    func wordsAreReadWhole(text: String) throws {
        let recognizer = try CharacterRecognizerTests.recognizer("ja")
        let candidates = try recognizer.candidates(for: Self.word(text), count: 5)
        #expect(candidates.first?.text == text, "\(candidates.map(\.text))")
        #expect(candidates.count == 5)
        #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score <= $1.score && $0.score >= 0 })
    }

    /// The pre-context's script weighs on a word by its first character.
    @Test func thePreContextWeighsOnTheFirstCharacter() throws {
        let recognizer = try CharacterRecognizerTests.recognizer("ja")
        let ink = Self.word("大人")
        let plain = try recognizer.candidates(for: ink, count: 5)
        let afterKana = try recognizer.candidates(for: ink, preContext: "あの", count: 5)
        let first = try #require(plain.first), weighed = try #require(afterKana.first { $0.text == first.text })
        #expect(abs(weighed.score - first.score - CharacterRecognizer.otherScriptCost) < 1e-9)
    }
}
