import Foundation
import ScryCore
import ScryTestSupport
import ScryText
import Testing

/// `TesseractEngine.wordsOfLine(in:)`: each word with, character by character, the
/// characters tesseract's LSTM weighed there, the read one first.
@Test func aLinesWordsComeWithTheCharactersWeighedAtEachPlace() throws {
    let (page, box) = try renderLine("Scry reads words", in: try makeTemporaryDirectory())
    // The line alone, with a margin of white: the whole image is the line.
    let image = try #require(page.cropped(to: PixelRect(x: box.x - 20, y: box.y - 20, width: box.width + 40, height: box.height + 40)))
    let words = try TesseractEngine().wordsOfLine(in: image)
    // (Tesseract may take a speck at the line's end for a quote or a colon.)
    #expect(words.map { $0.text.filter(\.isLetter) } == ["Scry", "reads", "words"])
    for word in words {
        #expect(word.characters.map { $0.first?.text ?? "" }.joined() == word.text, "\(word.text)")
        #expect((0...1).contains(word.confidence))
        for choices in word.characters {
            #expect(choices.allSatisfy { (0...1).contains($0.confidence) })
            #expect(Set(choices.map(\.text)).count == choices.count, "\(choices)")
        }
    }
    // Asked again, on another engine, the same words.
    #expect(try TesseractEngine().wordsOfLine(in: image).map(\.text) == words.map(\.text))
}
