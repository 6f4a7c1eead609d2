import Foundation
import ScryCore
import ScryLexicon
import ScryNeuralText
import ScryTestSupport
import Testing

@testable import ScryInk

/// Words written with a Hershey script font (Debian's hershey-fonts-data, `cursive`), read by
/// PP-OCR's line recognizer and ranked with Debian's word lists.
struct HandwritingRecognizerTests {
    /// One of Hershey's glyphs: its left and right edges, its strokes in font units (y down).
    typealias Glyph = (left: Double, right: Double, strokes: [[(x: Double, y: Double)]])

    /// Hershey's cursive glyphs for ASCII 32-126 in order (a vertex is two characters, each
    /// 'R' plus its coordinate; " R" lifts the pen).
    static func cursive() throws -> [Glyph] {
        let text = try String(contentsOfFile: "/usr/share/hershey-fonts/cursive.jhf", encoding: .isoLatin1)
        var records: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let last = records.last, !(line.prefix(5).trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber) && line.count >= 8) {
                records[records.count - 1] = last + line
            } else if !line.isEmpty {
                records.append(String(line))
            }
        }
        return records.prefix(95).map { record in
            let record = Array(record.unicodeScalars)
            let count = Int(String(String.UnicodeScalarView(record[5..<8])).trimmingCharacters(in: .whitespaces))!
            let data = Array(record[8...])
            var strokes: [[(x: Double, y: Double)]] = [[]]
            for index in 1..<count {
                if data[2 * index] == " " && data[2 * index + 1] == "R" {
                    strokes.append([])
                } else {
                    strokes[strokes.count - 1].append((Double(Int(data[2 * index].value) - 82), Double(Int(data[2 * index + 1].value) - 82)))
                }
            }
            return (Double(Int(data[0].value) - 82), Double(Int(data[1].value) - 82), strokes.filter { !$0.isEmpty })
        }
    }

    /// `word` as ink, in Hershey's cursive glyphs, slanted a little.
    static func written(_ word: String) throws -> Ink {
        let glyphs = try cursive()
        return written(word.unicodeScalars.map { glyphs[Int($0.value) - 32] })
    }

    /// Glyphs set side by side as ink, slanted a little.
    static func written(_ glyphs: [Glyph]) -> Ink {
        var strokes: [Ink.Stroke] = []
        var x = 0.0
        for glyph in glyphs {
            for stroke in glyph.strokes {
                strokes.append(Ink.Stroke(points: stroke.map { Ink.Point(x: (x + $0.x - glyph.left - 0.2 * $0.y) * 2, y: $0.y * 2) }))
            }
            x += glyph.right - glyph.left
        }
        return Ink(strokes: strokes)
    }

    /// A glyph half-way between the letters `written` and `other` (one or two each): both
    /// set as one path, 80 points spaced evenly along each, `other`'s stretched to
    /// `written`'s width, and each point put `blend` of the way from one to the other.
    static func ambiguous(_ written: String, _ other: String, blend: Double) throws -> Glyph {
        let glyphs = try cursive()
        func path(_ text: String) -> (points: [(x: Double, y: Double)], width: Double) {
            var points: [(x: Double, y: Double)] = [], x = 0.0
            for scalar in text.unicodeScalars {
                let glyph = glyphs[Int(scalar.value) - 32]
                points += glyph.strokes.joined().map { (x + $0.x - glyph.left, $0.y) }
                x += glyph.right - glyph.left
            }
            var lengths = [0.0]
            for (a, b) in zip(points, points.dropFirst()) { lengths.append(lengths.last! + hypot(b.x - a.x, b.y - a.y)) }
            var spaced: [(x: Double, y: Double)] = [], j = 0
            for i in 0..<80 {
                let at = lengths.last! * Double(i) / 79
                while j < lengths.count - 2 && lengths[j + 1] < at { j += 1 }
                let span = lengths[j + 1] - lengths[j], f = span == 0 ? 0 : (at - lengths[j]) / span
                spaced.append((points[j].x + f * (points[j + 1].x - points[j].x), points[j].y + f * (points[j + 1].y - points[j].y)))
            }
            return (spaced, x)
        }
        let mine = path(written), theirs = path(other)
        let stroke = zip(mine.points, theirs.points).map { a, b in
            ((1 - blend) * a.x + blend * b.x * mine.width / theirs.width, (1 - blend) * a.y + blend * b.y)
        }
        return (0, mine.width, [stroke])
    }

    /// The recognizer with the word list at `list`; English's with wordfreq's frequencies, as
    /// the `en` model has them after a pre-context.
    private func recognizer(_ list: String) throws -> HandwritingRecognizer {
        HandwritingRecognizer(
            recognizer: try LineRecognizer(), wordList: Array(try Data(contentsOf: URL(fileURLWithPath: list))),
            frequencies: list.hasSuffix("american-english") ? try FrequencyList() : nil)
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

    /// Every word model weighs readings after a pre-context by its own language's wordfreq
    /// list (scripts/install-deps), whose most common words are that language's.
    @Test func everyWordModelHasItsLanguagesFrequencies() throws {
        for (tag, common) in [("en", "the"), ("it", "di"), ("fr", "de"), ("de", "und"), ("es", "que"), ("pt", "que"), ("nl", "de")] {
            let model = try #require(InkModel.named(tag))
            guard case .handwriting(_, let frequencies?) = model.kind else {
                Issue.record("\(tag): no frequency list")
                continue
            }
            #expect(frequencies == FrequencyList.path(language: tag))
            let list = try FrequencyList(path: frequencies)
            #expect((list.rank(of: common) ?? .max) <= 10, "\(tag): \(common) is \(list.rank(of: common).map(String.init) ?? "missing")")
        }
        // Through the model, as `scry ink --model es --pre-context` reads: "vent" and an "a"
        // drawn half-way to an "o" before "na" is "ana" ("ventana"; "ventona" is no word).
        let spanish = try #require(InkModel.named("es"))
        let glyphs = try Self.cursive()
        let ink = Self.written([try Self.ambiguous("a", "o", blend: 0.5)] + "na".unicodeScalars.map { glyphs[Int($0.value) - 32] })
        let best = try spanish.makeRecognizer(count: 5, preContext: "vent")(ink).first?.text
        #expect(best == "ana", "\(best ?? "nothing")")
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

    /// Cursive's ambiguous letters (n/u, a/o, cl/d, rn/m) written half-way between their two
    /// readings: the pre-context's start of a word tells which, as ML Kit's "arg" + "ument".
    @Test func thePreContextSettlesAmbiguousLetters() throws {
        let english = try recognizer("/usr/share/dict/american-english")
        let glyphs = try Self.cursive()
        for (context, end, written, other) in [
            ("disting", "uish", "u", "n"), ("arg", "ument", "u", "n"), ("for", "ward", "a", "o"),
            ("con", "cluded", "cl", "d"), ("un", "cle", "cl", "d"), ("retu", "rn", "rn", "m"), ("gove", "rnment", "rn", "m"),
        ] {
            let piece = try Self.ambiguous(written, other, blend: 0.5)
            let rest = end.dropFirst(written.count).unicodeScalars.map { glyphs[Int($0.value) - 32] }
            let ink = Self.written([piece] + rest)
            let candidates = try english.candidates(for: ink, count: 5, preContext: context)
            #expect(candidates.first?.text == end, "\(context) + \(end): \(candidates.map { "\($0.text) \($0.score)" })")
        }
    }

    /// Without a pre-context, a letter drawn half-way to another makes no word the list lacks
    /// when a list word is near enough in the recognizer's eyes (`unlistedCost`), and a word
    /// the list lacks, written plainly, stays as it is written.
    @Test func aWordOfTheListWinsOverAnUnlistedReadingNearIt() throws {
        let glyphs = try Self.cursive()
        func ink(_ word: String, at index: Int, _ written: String, halfWayTo other: String, blend: Double) throws -> Ink {
            let scalars = Array(word.unicodeScalars)
            var parts: [Glyph] = scalars[..<index].map { glyphs[Int($0.value) - 32] }
            parts.append(try Self.ambiguous(written, other, blend: blend))
            parts += scalars[(index + written.count)...].map { glyphs[Int($0.value) - 32] }
            return Self.written(parts)
        }
        let italian = try recognizer("/usr/share/dict/italian")
        let lavoravano = try italian.candidates(for: ink("lavoravano", at: 2, "v", halfWayTo: "w", blend: 0.5), count: 3)
        #expect(lavoravano.first?.text == "lavoravano", "\(lavoravano.map { "\($0.text) \($0.score)" })")
        let english = try recognizer("/usr/share/dict/american-english")
        let flannel = try english.candidates(for: ink("flannel", at: 5, "e", halfWayTo: "o", blend: 0.7), count: 3)
        #expect(flannel.first?.text == "flannel", "\(flannel.map { "\($0.text) \($0.score)" })")
        for word in ["gardek", "lantorn", "blorft", "Willoughby"] {
            let candidates = try english.candidates(for: Self.written(word), count: 3)
            #expect(candidates.first?.text == word, "\(word): \(candidates.map { "\($0.text) \($0.score)" })")
        }
    }

    /// "rn" read for "m" and "cl" for "d", and back, are one edit.
    @Test func confusableLettersAreOneEditApart() {
        let readings = HandwritingRecognizer.readings(of: Array("retum".utf8))
        #expect(readings.map { String(decoding: $0.bytes, as: UTF8.self) } == ["retum", "retu" + "rn"])
        var scratch = HandwritingRecognizer.EditScratch()
        #expect(HandwritingRecognizer.distance(Array("return".utf8), readings, limit: 1, scratch: &scratch) == 1)
        #expect(HandwritingRecognizer.distance(Array("retum".utf8), readings, limit: 1, scratch: &scratch) == 0)
        #expect(HandwritingRecognizer.distance(Array("rectum".utf8), readings, limit: 1, scratch: &scratch) == 1)
        #expect(HandwritingRecognizer.distance(Array("ret".utf8), readings, limit: 1, scratch: &scratch) == 2)
        #expect(HandwritingRecognizer.editDistance(Array("rn".utf8), Array("m".utf8), limit: 3) == 2)
        let cloud = HandwritingRecognizer.readings(of: Array("doud".utf8)).map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(cloud == ["doud", "cloud", "doucl"])
        #expect(HandwritingRecognizer.lengths(of: HandwritingRecognizer.readings(of: Array("m".utf8)), reach: 1) == [1, 2])
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
