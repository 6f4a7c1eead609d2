import ScryCore
import ScryText
import Testing

@testable import ScryInk

/// Several drawings read at once, one engine per core: the words of each, in the drawings'
/// order, as one engine reading them one after another gives them.
struct TesseractReadersTests {
    @Test func linesReadAtOnceGiveWhatOneEngineGivesInTurn() throws {
        let inks = try TesseractHandwritingRecognizerTests.inks()
        let lines = inks.flatMap { ink in
            TesseractHandwritingRecognizer.drawings.compactMap {
                ink.renderedLine(height: $0.lineHeight, inkHeight: $0.inkHeight, pen: $0.pen, margin: 20)
            }
        }
        #expect(lines.count == inks.count * TesseractHandwritingRecognizer.drawings.count)
        let readers = try TesseractReaders(language: "ara", capacity: 3)
        #expect((1...3).contains(readers.count))
        let atOnce = readers.map(lines) { engine, line in engine.wordsOfLine(in: line) }
        let engine = try TesseractEngine(language: "ara")
        let inTurn = lines.map { engine.wordsOfLine(in: $0) }
        #expect(atOnce == inTurn)
        #expect(atOnce.contains { !$0.isEmpty })
        // The results keep the lines' order, whichever thread took each.
        #expect(Set(lines.map(\.width)).count > 1)
        #expect(readers.map(lines) { _, line in line.width } == lines.map(\.width))
    }
}
