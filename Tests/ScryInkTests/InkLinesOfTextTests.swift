import Foundation
import ScryCore
import ScryNeuralText
import Testing

@testable import ScryInk

/// An ink of several lines of text is cut into lines and read line by line; characters whose
/// parts stand one above another stay whole.
struct InkLinesOfTextTests {
    /// `lower` set below `upper`, left edges aligned, with a gap of `spacing` times `upper`'s
    /// height.
    static func stacked(_ upper: Ink, _ lower: Ink, spacing: Double) -> Ink {
        let (upperLeft, upperTop, _, upperBottom) = upper.bounds!
        let (lowerLeft, lowerTop, _, _) = lower.bounds!
        let dx = upperLeft - lowerLeft, dy = upperBottom + spacing * (upperBottom - upperTop) - lowerTop
        let moved = lower.strokes.map { Ink.Stroke(points: $0.points.map { Ink.Point(x: $0.x + dx, y: $0.y + dy, t: $0.t) }) }
        return Ink(strokes: upper.strokes + moved)
    }

    @Test func twoWrittenLinesAreCutInOrder() throws {
        let garden = try HandwritingRecognizerTests.written("garden"), lantern = try HandwritingRecognizerTests.written("lantern")
        for spacing in [0.3, 1.0] {
            let lines = Self.stacked(garden, lantern, spacing: spacing).linesOfText()
            #expect(lines.count == 2)
            #expect(lines.first?.strokes.count == garden.strokes.count && lines.last?.strokes.count == lantern.strokes.count)
        }
        // Far apart with nothing between (three times the lines' height): one ink, as 三's bars.
        #expect(Self.stacked(garden, lantern, spacing: 3).linesOfText().count == 1)
    }

    @Test func oneLineAndCharactersOfPartsStayWhole() throws {
        // i's and j's dots are marks of their line.
        for word in ["division", "quickly", "jiffy"] {
            #expect(try HandwritingRecognizerTests.written(word).linesOfText().count == 1, "\(word)")
        }
        for (character, strokes) in ZinniaRecognizerTests.drawn {
            #expect(ZinniaRecognizerTests.ink(strokes).linesOfText().count == 1, "\(character)")
        }
        #expect(Ink(strokes: []).linesOfText().count == 1)
    }

    @Test func linesAreReadLineByLine() throws {
        let english = HandwritingRecognizer(
            recognizer: try LineRecognizer(), wordList: Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/dict/american-english"))))
        let ink = Self.stacked(try HandwritingRecognizerTests.written("garden"), try HandwritingRecognizerTests.written("lantern"), spacing: 0.5)
        let read = try ink.textCandidatesLineByLine(count: 5) { line, count, _ in try english.candidates(for: line, count: count) }
        #expect(read.first?.text == "garden\nlantern", "\(read.map(\.text))")
        #expect(read.count == 5)
        #expect(zip(read, read.dropFirst()).allSatisfy { $0.score <= $1.score })

        let japanese = try CharacterRecognizerTests.recognizer("ja")
        let twoLines = Self.stacked(CharacterWordsTests.word("大人"), CharacterWordsTests.word("山川"), spacing: 0.4)
        let characters = try twoLines.textCandidatesLineByLine(count: 5) { line, count, context in
            try japanese.candidates(for: line, preContext: context, count: count)
        }
        #expect(characters.first?.text == "大人\n山川", "\(characters.map(\.text))")
        // One line is read as it was.
        let one = CharacterWordsTests.word("日中")
        let alone = try one.textCandidatesLineByLine(count: 5) { line, count, context in
            try japanese.candidates(for: line, preContext: context, count: count)
        }
        #expect(alone == (try japanese.candidates(for: one, count: 5)))
    }

    @Test func joiningChangesOnePartAtATime() {
        let parts = [
            [InkCandidate(text: "a", score: 1), InkCandidate(text: "b", score: 2)],
            [InkCandidate(text: "c", score: 0.5), InkCandidate(text: "d", score: 3)],
        ]
        let joined = InkCandidate.joining(parts, separator: "\n", count: 5)
        #expect(joined.map(\.text) == ["a\nc", "b\nc", "a\nd"])
        #expect(joined.map(\.score) == [1.5, 2.5, 4])
        #expect(InkCandidate.joining(parts, separator: " ", count: 1).map(\.text) == ["a c"])
    }
}
