import Foundation
import ScryTestSupport
import Testing

/// `scry ink`: inks from files and stdin, shapes recognized, bad inks reported one line each.
struct InkTests {
    /// A box drawn as one stroke, 200 x 100 from (10, 10), 5 px steps, 8 ms apart.
    static let box: String = {
        var points: [String] = []
        let corners = [(10.0, 10.0), (210.0, 12.0), (212.0, 110.0), (11.0, 112.0), (10.0, 10.0)]
        var t = 0
        for (a, b) in zip(corners, corners.dropFirst()) {
            let steps = Int(max(abs(b.0 - a.0), abs(b.1 - a.1)) / 5)
            for step in 0..<steps {
                let f = Double(step) / Double(steps)
                points.append(#"{"x":\#(a.0 + (b.0 - a.0) * f),"y":\#(a.1 + (b.1 - a.1) * f),"t":\#(t)}"#)
                t += 8
            }
        }
        return #"{"strokes":[{"points":["# + points.joined(separator: ",") + "]}]}"
    }()

    private func run(_ arguments: [String], input: String) throws -> ProcessResult {
        let directory = try makeTemporaryDirectory()
        let file = directory.appendingPathComponent("input.jsonl")
        try input.write(to: file, atomically: true, encoding: .utf8)
        return try shell("\"$SCRY\" \(arguments.joined(separator: " ")) < input.jsonl", in: directory)
    }

    @Test func aDrawnBoxIsARectangle() throws {
        let directory = try makeTemporaryDirectory()
        let file = directory.appendingPathComponent("box.json").path
        try Self.box.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try scry(["ink", file, "--candidates", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let line = try #require(try jsonLines(result).first)
        #expect(line["type"] as? String == "ink" && line["source"] as? String == file && line["model"] as? String == "zxx-Zsym-x-shapes")
        let candidates = try #require(line["candidates"] as? [[String: Any]])
        #expect(candidates.count == 2)
        #expect(candidates.first?["text"] as? String == "rectangle")
        let corners = try #require(candidates.first?["points"] as? [[String: Double]])
        #expect(corners.count == 4 && abs(corners[0]["x"]! - 10) < 4 && abs(corners[0]["y"]! - 10) < 4, "\(corners)")
        // Scores rise down the list, as ML Kit's.
        #expect((candidates[0]["score"] as! Double) <= (candidates[1]["score"] as! Double))
    }

    @Test func aStreamOfInksGoesOnAfterABadLine() throws {
        let result = try run(["ink", "--lines", "--model", "shapes"], input: Self.box + "\n{\"strokes\": [{\"points\": []}]}\n\n" + Self.box + "\nnot json\n")
        #expect(result.status == 65, "\(result.stderr)")
        try expectValidLines(result)
        #expect(try jsonLines(result).map { $0["source"] as? String } == ["-#line=1", "-#line=4"])
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 2 && errors[0].contains("-#line=2: not ink: stroke 1 has no points") && errors[1].contains("-#line=5"), "\(result.stderr)")
    }

    @Test func failuresHaveTheirStatuses() throws {
        _ = try expectFailure(["ink", "--model", "tlh-Latn", "x.json"], status: 69, mentioning: "scry ink models")
        _ = try expectFailure(["ink", "/nonexistent/ink.json"], status: 66, mentioning: "cannot read")
        _ = try expectFailure(["ink", "--candidates", "0"], status: 64, mentioning: "--candidates")
        _ = try expectFailure(["ink", "--writing-area", "100", "x.json"], status: 64, mentioning: "--writing-area")
        // A pen that is not there, a node that is no input device, options that need --device.
        _ = try expectFailure(["ink", "--device", "/nonexistent/event9"], status: 66, mentioning: "no such device")
        _ = try expectFailure(["ink", "--device", "/dev/null"], status: 66, mentioning: "not an input event device")
        _ = try expectFailure(["ink", "--record", "ink.jsonl"], status: 64, mentioning: "--device")
        _ = try expectFailure(["ink", "--device", "/dev/null", "x.json"], status: 64, mentioning: "--device")
        _ = try expectFailure(["ink", "--device", "/dev/null", "--pause", "0"], status: 64, mentioning: "--pause")
        let backwards = try run(["ink"], input: #"{"strokes":[{"points":[{"x":1,"y":2,"t":10},{"x":3,"y":2,"t":4}]}]}"#)
        #expect(backwards.status == 65 && backwards.stderr.contains("time goes backwards"), "\(backwards.stderr)")
        let models = try scry(["ink", "models"])
        #expect(models.status == 0)
        try expectValidLines(models)
        #expect(try jsonLines(models).first?["model"] as? String == "zxx-Zsym-x-shapes")
    }

    @Test func aWrittenEnglishWordIsRead() throws {
        // "lantern" in Hershey's cursive, ink from the unit tests' writer, as one JSON line.
        let result = try run(["ink", "--model", "en-US", "--lines"], input: try Self.hersheyWord("lantern"))
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let line = try #require(try jsonLines(result).first)
        #expect(line["model"] as? String == "en")
        #expect((line["candidates"] as? [[String: Any]])?.first?["text"] as? String == "lantern", "\(line)")
    }

    @Test func twoWrittenWordsInOneInkAreReadApart() throws {
        // "hello" and "world" with a wide gap: read word by word, joined by a space.
        let result = try run(["ink", "--model", "en", "--lines"], input: try Self.hersheyWord("hello    world"))
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(try jsonLines(result).first)
        let texts = (line["candidates"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(texts.first == "hello world", "\(texts)")
        #expect(texts.dropFirst().allSatisfy { $0.split(separator: " ").count == 2 }, "\(texts)")
    }

    @Test func withDrawingsAWordAndABoxBesideItAreReadEachByItsModel() throws {
        // "lantern" and, 200 units to its right, the box: two lines, the word's strokes read
        // by en and the box's by the shapes model.
        func strokes(_ json: String) throws -> [Any] {
            try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["strokes"] as? [Any])
        }
        let word = try strokes(try Self.hersheyWord("lantern"))
        let box = try strokes(Self.box).map { stroke -> [String: Any] in
            let points = ((stroke as? [String: Any])?["points"] as? [[String: Any]]) ?? []
            return ["points": points.map { ["x": ($0["x"] as! Double) + 500, "y": ($0["y"] as! Double) - 60] }]
        }
        let page = String(decoding: try JSONSerialization.data(withJSONObject: ["strokes": word + box]), as: UTF8.self)
        let result = try run(["ink", "--model", "en", "--drawings", "--lines"], input: page)
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(lines.map { $0["model"] as? String } == ["en", "zxx-Zsym-x-shapes"])
        #expect(lines.map { ($0["part"] as? [String: Any])?["kind"] as? String } == ["writing", "drawing"])
        #expect((lines.first?["part"] as? [String: Any])?["strokes"] as? [Int] == Array(word.indices))
        #expect((lines.last?["part"] as? [String: Any])?["strokes"] as? [Int] == [word.count])
        #expect(lines.map { ($0["candidates"] as? [[String: Any]])?.first?["text"] as? String } == ["lantern", "rectangle"])
        // Without --drawings, the same ink is one line, read by en.
        let whole = try run(["ink", "--model", "en", "--lines"], input: page)
        #expect(try jsonLines(whole).count == 1)
        #expect(try jsonLines(whole).first?["part"] == nil)
        // The shapes model has no words to tell apart from.
        let refused = try run(["ink", "--model", "shapes", "--drawings", "--lines"], input: page)
        #expect(refused.status == 64 && refused.stderr.contains("--drawings"), "\(refused.stderr)")
    }

    /// `word` in Hershey's cursive (Debian's hershey-fonts-data) as ink JSON: glyphs in ASCII
    /// order, a vertex two characters each 'R' plus its coordinate, " R" lifting the pen.
    static func hersheyWord(_ word: String) throws -> String {
        let text = try String(contentsOfFile: "/usr/share/hershey-fonts/cursive.jhf", encoding: .isoLatin1)
        var records: [String] = []
        for line in text.split(separator: "\n") {
            let starts = line.count >= 8 && line.prefix(5).trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber)
            if starts || records.isEmpty { records.append(String(line)) } else { records[records.count - 1] += line }
        }
        var strokes: [String] = []
        var x = 0
        for character in word.unicodeScalars {
            let record = Array(records[Int(character.value) - 32].unicodeScalars)
            let count = Int(String(String.UnicodeScalarView(record[5..<8])).trimmingCharacters(in: .whitespaces))!
            let data = Array(record[8...]).map { Int($0.value) }
            let (left, right) = (data[0] - 82, data[1] - 82)
            var points: [String] = []
            for index in 1..<count {
                if data[2 * index] == 32 && data[2 * index + 1] == 82 {
                    if !points.isEmpty { strokes.append(#"{"points":["# + points.joined(separator: ",") + "]}") }
                    points = []
                    continue
                }
                points.append(#"{"x":\#((x + data[2 * index] - 82 - left) * 2),"y":\#((data[2 * index + 1] - 82) * 2)}"#)
            }
            if !points.isEmpty { strokes.append(#"{"points":["# + points.joined(separator: ",") + "]}") }
            x += right - left
        }
        return #"{"strokes":["# + strokes.joined(separator: ",") + "]}"
    }

    /// An Arabic word (Fixtures/arabic-words.jsonl of the ink tests: "مدرسة", written by
    /// scripts/lib/arabic_ink.py) read by `--model ar`; without tesseract's Arabic model the
    /// model is not listed and asking for it is status 69.
    @Test func anArabicWordIsRead() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ScryInkTests/Fixtures/arabic-words.jsonl").standardized
        let school = try #require(try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").first)
        let result = try run(["ink", "--model", "ar-SA", "--pre-context", "هذه", "--candidates", "3"], input: String(school))
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let line = try #require(try jsonLines(result).first)
        #expect(line["model"] as? String == "ar")
        #expect((line["candidates"] as? [[String: Any]])?.first?["text"] as? String == " مدرسة", "\(line)")
        let models = try jsonLines(try scry(["ink", "models"]))
        let arabic = try #require(models.first { $0["model"] as? String == "ar" })
        #expect((arabic["file"] as? String)?.hasSuffix("/ara.traineddata") == true && (arabic["frequencies"] as? String)?.hasSuffix("large_ar.msgpack") == true, "\(arabic)")
        let environment = ["TESSDATA_PREFIX": "/nonexistent"]
        let listed = try jsonLines(try scryWith(["ink", "models"], environment: environment)).compactMap { $0["model"] as? String }
        #expect(!listed.contains("ar") && listed.contains("en"), "\(listed)")
        let refused = try scryWith(["ink", "--model", "ar", "x.json"], environment: environment)
        #expect(refused.status == 69, "\(refused.stderr)")
    }

    @Test func aJapaneseCharacterIsRead() throws {
        // 十: a horizontal stroke, then a vertical one through it.
        let cross = #"{"strokes":[{"points":[{"x":10,"y":50},{"x":50,"y":50},{"x":90,"y":50}]},{"points":[{"x":50,"y":10},{"x":50,"y":50},{"x":50,"y":90}]}]}"#
        let result = try run(["ink", "--model", "ja", "--candidates", "3"], input: cross)
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let line = try #require(try jsonLines(result).first)
        #expect(line["model"] as? String == "ja")
        #expect((line["candidates"] as? [[String: Any]])?.first?["text"] as? String == "十", "\(line)")
        // Without tegaki's model files the zinnia models are not listed, and asking for one is
        // status 69.
        let environment = ["SCRY_INK_MODEL_DIR": "/nonexistent"]
        let missing = try scryWith(["ink", "models"], environment: environment)
        let listed = try jsonLines(missing).compactMap { $0["model"] as? String }
        #expect(!listed.contains("ja") && !listed.contains("zh-Hani") && listed.contains("zxx-Zsym-x-shapes"), "\(listed)")
        let refused = try scryWith(["ink", "--model", "ja", "x.json"], environment: environment)
        #expect(refused.status == 69, "\(refused.stderr)")
        // `ja` names the fonts it compares a lone character with; without them it is not
        // listed, and a file that is not a font is one stderr line and status 69.
        let models = try jsonLines(try scry(["ink", "models"]))
        let japanese = try #require(models.first { $0["model"] as? String == "ja" })
        #expect((japanese["fonts"] as? [String])?.count == 2, "\(japanese)")
        #expect(models.first { $0["model"] as? String == "zh-Hani" }?["fonts"] == nil)
        let noFonts = try scryWith(["ink", "models"], environment: ["SCRY_JAPANESE_FONTS": "/nonexistent.ttf"])
        let withoutFonts = try jsonLines(noFonts).compactMap { $0["model"] as? String }
        #expect(!withoutFonts.contains("ja") && withoutFonts.contains("zh-Hani"), "\(withoutFonts)")
        let crossFile = try makeTemporaryDirectory().appendingPathComponent("cross.json")
        try cross.write(to: crossFile, atomically: true, encoding: .utf8)
        let notAFont = try scryWith(["ink", "--model", "ja", crossFile.path], environment: ["SCRY_JAPANESE_FONTS": "/etc/hostname"])
        #expect(notAFont.status == 69, "\(notAFont.stderr)")
        #expect(notAFont.stderr.contains("/etc/hostname") && notAFont.stderr.split(separator: "\n").count == 1, "\(notAFont.stderr)")
        #expect(notAFont.stdout.isEmpty)
    }

    @Test func aMillionPointsAreReadAndRecognized() throws {
        // A scribble of a million points in one stroke.
        var text = #"{"strokes":[{"points":["#
        for index in 0..<1_000_000 {
            if index > 0 { text += "," }
            text += #"{"x":\#(index % 997),"y":\#((index * 7) % 991)}"#
        }
        text += "]}]}"
        let result = try run(["ink"], input: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.crashed)
        #expect(try jsonLines(result).count == 1)
    }
}
