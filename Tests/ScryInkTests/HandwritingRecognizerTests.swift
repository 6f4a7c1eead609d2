import Foundation
import ScryCore
import ScryNeuralText
import ScryTestSupport
import Testing

@testable import ScryInk

/// Words written with a Hershey script font (Debian's hershey-fonts-data, `cursive`), read by
/// PP-OCR's line recognizer and ranked with Debian's word lists.
struct HandwritingRecognizerTests {
    /// `word` as ink, in Hershey's cursive glyphs (ASCII 32-126 in order; a vertex is two
    /// characters, each 'R' plus its coordinate; " R" lifts the pen), slanted a little.
    static func written(_ word: String) throws -> Ink {
        let text = try String(contentsOfFile: "/usr/share/hershey-fonts/cursive.jhf", encoding: .isoLatin1)
        var records: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let last = records.last, !(line.prefix(5).trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber) && line.count >= 8) {
                records[records.count - 1] = last + line
            } else if !line.isEmpty {
                records.append(String(line))
            }
        }
        var strokes: [Ink.Stroke] = []
        var x = 0.0
        for character in word.unicodeScalars {
            let record = Array(records[Int(character.value) - 32].unicodeScalars)
            let count = Int(String(String.UnicodeScalarView(record[5..<8])).trimmingCharacters(in: .whitespaces))!
            let data = Array(record[8...])
            let left = Double(Int(data[0].value) - 82), right = Double(Int(data[1].value) - 82)
            var points: [Ink.Point] = []
            for index in 1..<count {
                if data[2 * index] == " " && data[2 * index + 1] == "R" {
                    if !points.isEmpty { strokes.append(Ink.Stroke(points: points)) }
                    points = []
                    continue
                }
                let gx = Double(Int(data[2 * index].value) - 82), gy = Double(Int(data[2 * index + 1].value) - 82)
                points.append(Ink.Point(x: (x + gx - left - 0.2 * gy) * 2, y: gy * 2))
            }
            if !points.isEmpty { strokes.append(Ink.Stroke(points: points)) }
            x += right - left
        }
        return Ink(strokes: strokes)
    }

    private func recognizer(_ list: String) throws -> HandwritingRecognizer {
        HandwritingRecognizer(
            recognizer: try LineRecognizer(), wordList: Array(try Data(contentsOf: URL(fileURLWithPath: list))))
    }

    @Test func writtenWordsAreRead() throws {
        let english = try recognizer("/usr/share/dict/american-english")
        for word in ["garden", "lantern", "quickly"] {
            let candidates = try english.candidates(for: Self.written(word), count: 5)
            #expect(candidates.first?.text == word, "\(word): \(candidates.map(\.text))")
            #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score <= $1.score })
        }
        let italian = try recognizer("/usr/share/dict/italian")
        #expect(try italian.candidates(for: Self.written("giardino"), count: 3).first?.text == "giardino")
    }

    /// Each word model after English and Italian (ML Kit's tags) reads a word of its language,
    /// ranked with its own Debian word list.
    @Test func everyWordModelReadsAWordOfItsLanguage() throws {
        for (tag, word) in [("fr", "fromage"), ("de", "Garten"), ("es", "ventana"), ("pt", "janela"), ("nl", "fiets")] {
            let model = try #require(InkModel.named(tag))
            #expect(InkModel.installed.contains(model), "\(tag): its word list is missing (scripts/install-deps)")
            let best = try model.makeRecognizer(count: 5)(Self.written(word)).first?.text
            #expect(best == word, "\(tag): \(word) read as \(best ?? "nothing")")
        }
    }

    /// ML Kit's pre-context: after a finished word, a word comes back with its leading space;
    /// after a space, an opening bracket or nothing, without; after the start of a word, the
    /// ink is read as that word's rest when that makes a word.
    @Test func thePreContextGivesTheLeadingSpaceAndTheWordsRest() throws {
        let english = try recognizer("/usr/share/dict/american-english")
        let world = try Self.written("world")
        for (context, expected) in [("hello", " world"), ("Hello, ", "world"), ("hello,", " world"), ("(", "world"), ("", "world")] {
            let best = try english.candidates(for: world, count: 3, preContext: context).first?.text
            #expect(best == expected, "\(context.debugDescription): \(best ?? "nothing")")
        }
        // Only the last 20 characters count: a long pre-context ending in a word still does.
        let long = String(repeating: "lorem ipsum ", count: 10) + "hello"
        #expect(try english.candidates(for: world, count: 1, preContext: long).first?.text == " world")
        // "arg" and ink of "ument": the rest of "argument", no space.
        let rest = try english.candidates(for: Self.written("ument"), count: 5, preContext: "arg")
        #expect(rest.first?.text == "ument", "\(rest.map(\.text))")
        // "garden" after "the": a new word of its own.
        #expect(try english.candidates(for: Self.written("garden"), count: 1, preContext: "the").first?.text == " garden")
        #expect(try english.candidates(for: Self.written("garden"), count: 1, preContext: nil).first?.text == "garden")
    }

    /// A pen touched down and lifted without moving (a stroke of one point, or of points all
    /// in one place) is a dot: an i's dot drawn so is read as one.
    @Test func aStrokeOfZeroLengthIsADot() throws {
        let english = try recognizer("/usr/share/dict/american-english")
        for word in ["mini", "civil", "juice"] {
            let ink = try Self.written(word)
            let height = ink.bounds!.maximumY - ink.bounds!.minimumY
            var dots = 0
            for repeated in [1, 3] {
                let dotted = Ink(strokes: ink.strokes.map { stroke in
                    let xs = stroke.points.map(\.x), ys = stroke.points.map(\.y)
                    guard max(xs.max()! - xs.min()!, ys.max()! - ys.min()!) < 0.12 * height else { return stroke }
                    dots += 1
                    let centre = Ink.Point(x: (xs.max()! + xs.min()!) / 2, y: (ys.max()! + ys.min()!) / 2)
                    return Ink.Stroke(points: Array(repeating: centre, count: repeated))
                })
                #expect(try english.candidates(for: dotted, count: 3).first?.text == word, "\(word), a dot of \(repeated) points")
            }
            #expect(dots >= 2, "\(word): no dot drawn as a dot")
        }
    }

    @Test func theDrawnLineIsALineForTheRecognizer() throws {
        let line = try #require(try Self.written("garden").renderedLine())
        #expect(line.height == 48)
        // Ink drawn dark on white, white margins above and below.
        #expect(line.pixels.min()! < 60 && line.pixels.max() == 255)
        #expect((0..<line.width).allSatisfy { line[$0, 0] == 255 && line[$0, 47] == 255 })
        #expect(Ink(strokes: []).renderedLine() == nil)
    }

    @Test func editDistanceStopsPastItsLimit() {
        let a = Array("garden".utf8), b = Array("harden".utf8)
        #expect(HandwritingRecognizer.editDistance(a, b, limit: 2) == 1)
        #expect(HandwritingRecognizer.editDistance(a, Array("lantern".utf8), limit: 1) == 2)
        #expect(HandwritingRecognizer.editDistance([], Array("ab".utf8), limit: 3) == 2)
        #expect(HandwritingRecognizer.folded(Array("GaRdÈn".utf8)) == Array("gardÈn".utf8))
    }
}
