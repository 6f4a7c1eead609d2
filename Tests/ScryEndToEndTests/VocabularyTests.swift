import Foundation
import ScryTestSupport
import Testing

/// A rendered book page (DejaVu Serif, 1280x720) holding `lines`.
private func renderPage(_ lines: [String], to path: String) throws {
    var arguments = ["-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "30"]
    for (index, line) in lines.enumerated() {
        arguments += ["-annotate", "+80+\(120 + index * 70)", line]
    }
    try runTool("convert", arguments + [path])
}

private let pageLines = [
    "The gardener planted seven roses beside",
    "the old fountain. Its water was cold and",
    "clear, and the roses grew quickly in 1999.",
]

private func vocab(_ database: String, _ arguments: [String]) throws -> ProcessResult {
    try scry(["vocab"] + arguments + ["--db", database])
}

@Test func readsAPageIntoANotebookAndUpdatesWordsSeenAgain() throws {
    let directory = try makeTemporaryDirectory()
    let page = directory.appendingPathComponent("page.png").path
    try renderPage(pageLines, to: page)
    let database = directory.appendingPathComponent("v.sqlite").path

    let first = try vocab(database, ["read", "--known", "0", "--notebook", "Garden", page])
    #expect(first.status == 0, "\(first.stderr)")
    try expectValidLines(first)
    let lines = try jsonLines(first)
    let words = lines.compactMap { $0["word"] as? String }
    // Each word under its lemma, with the forms printed ("roses" twice: one entry).
    #expect(words == ["gardener", "plant", "rose", "old", "fountain", "water", "cold", "clear", "grow", "quickly"])
    #expect(lines.map { $0["forms"] as? [String] ?? [] }[1...2] == [["planted"], ["roses"]])
    #expect(lines[8]["forms"] as? [String] == ["grew"] && lines[8]["part_of_speech"] as? String == "verb")
    #expect(lines[0]["definition"] as? String == "someone who takes care of a garden")
    #expect(lines.allSatisfy { $0["new"] as? Bool == true && $0["notebook"] as? String == "Garden" })
    #expect(lines.first?["context"] as? String == "The gardener planted seven roses beside the old fountain.")
    #expect(lines.last?["context"] as? String == "Its water was cold and clear, and the roses grew quickly in 1999.")
    #expect(first.stderr.contains("1 pages read, 10 words (10 new)"))

    // "beside" is a preposition, "seven" and "1999" numbers. The same page again: the same entries, one more sighting each, nothing new.
    let second = try vocab(database, ["read", "--known", "0", "--notebook", "garden", page])
    #expect(try jsonLines(second).allSatisfy { $0["new"] as? Bool == false && $0["sightings"] as? Int == 2 })
    let listed = try vocab(database, ["list", "--notebook", "Garden"])
    #expect(try jsonLines(listed).count == 10)
    try expectValidLines(listed)

    // By default the 2,000 most common lemmas are known: "old", "water", "cold" and "clear" are
    // left out, "gardener" and "fountain" kept.
    let common = try jsonLines(try vocab(database, ["read", "--notebook", "Common", page])).compactMap { $0["word"] as? String }
    #expect(common.contains("gardener") && common.contains("fountain"), "\(common)")
    #expect(Set(common).isDisjoint(with: ["old", "water", "cold", "clear", "quickly"]), "\(common)")
}

@Test(arguments: ["YUYV", "MJPG"]) func readsAStillPageOnceFromADump(format: String) throws {
    let directory = try makeTemporaryDirectory()
    let page = directory.appendingPathComponent("page.png").path
    try renderPage(pageLines, to: page)
    let dump = directory.appendingPathComponent("page.scrydump").path
    // The same page 30 times, as a camera held still over it would record (MJPG: as a webcam
    // sends it, JPEG by JPEG).
    let created = try scry(["dump", "create", "--format", format, "-o", dump, "--repeat", "30", page])
    #expect(created.status == 0, "\(created.stderr)")
    let database = directory.appendingPathComponent("v.sqlite").path
    let result = try vocab(database, ["read", "--known", "0", dump])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("1 pages read, 10 words"), "\(format): \(result.stderr)")
    #expect(try jsonLines(result).allSatisfy { ($0["source"] as? String)?.hasSuffix("page.scrydump#frame=0") == true })
}

@Test func notebooksEntriesAndExportFromTheCommandLine() throws {
    let directory = try makeTemporaryDirectory()
    let database = directory.appendingPathComponent("v.sqlite").path
    #expect(try vocab(database, ["notebooks", "--create", "French"]).status == 0)
    let added = try vocab(database, ["add", "--notebook", "French", "Chien", "--context", "Le chien dort."])
    #expect(added.status == 0, "\(added.stderr)")
    let entry = try #require(try jsonLines(added).first)
    #expect(entry["word"] as? String == "chien")
    let id = try #require(entry["id"] as? Int)
    let edited = try vocab(database, ["edit", "\(id)", "--context", "Un chien, deux \"chats\"."])
    #expect(try jsonLines(edited).first?["context"] as? String == "Un chien, deux \"chats\".")

    let csv = try vocab(database, ["export", "--format", "csv"])
    let rows = csv.stdoutText.components(separatedBy: "\r\n")
    #expect(rows[0] == "id,notebook,word,lemma,forms,part_of_speech,definition,translation,translation_language,context,source,created_at,updated_at,sightings")
    #expect(rows[1].hasPrefix("\(id),French,chien,chien,chien,,,,,\"Un chien, deux \"\"chats\"\".\",manual,"))
    let jsonFile = directory.appendingPathComponent("out.json").path
    #expect(try vocab(database, ["export", "--format", "json", "-o", jsonFile]).status == 0)
    let exported = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonFile))) as? [[String: Any]]
    #expect(exported?.first?["word"] as? String == "chien")

    let notebooks = try vocab(database, ["notebooks"])
    try expectValidLines(notebooks)
    #expect(try jsonLines(notebooks).first?["entries"] as? Int == 1)
    #expect(try vocab(database, ["delete", "\(id)"]).status == 0)
    #expect(try vocab(database, ["list"]).stdout.isEmpty)
    #expect(try vocab(database, ["notebooks", "--delete", "French"]).status == 0)
}

@Test func vocabularyFailuresHaveTheirStatuses() throws {
    let directory = try makeTemporaryDirectory()
    let database = directory.appendingPathComponent("v.sqlite").path
    let junk = directory.appendingPathComponent("junk.sqlite").path
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: junk))
    _ = try expectFailure(["vocab", "list", "--db", junk], status: 65, mentioning: "not a vocabulary database")
    _ = try expectFailure(["vocab", "list", "--db", "/nonexistent/v.sqlite"], status: 73, mentioning: "cannot open")
    _ = try expectFailure(["vocab", "edit", "42", "--context", "x", "--db", database], status: 66, mentioning: "no entry 42")
    _ = try expectFailure(["vocab", "list", "--notebook", "Nope", "--db", database], status: 66, mentioning: "no notebook titled \"Nope\"")
    _ = try expectFailure(["vocab", "add", "two words", "--db", database], status: 64, mentioning: "not a word")
    _ = try expectFailure(["vocab", "edit", "1", "--db", database], status: 64, mentioning: "--word, --context or both")
    _ = try expectFailure(["vocab", "read", "--db", database], status: 64, mentioning: "--device")
    _ = try expectFailure(
        ["vocab", "read", "--word-list", "/nonexistent/words", "x.png", "--db", database], status: 69,
        mentioning: "install wamerican")
    _ = try expectFailure(["vocab", "read", "/nonexistent/page.png", "--db", database], status: 66, mentioning: "page.png")
    // The learner's notebook's lexicon and commands.
    _ = try expectFailure(["vocab", "read", "--wordnet", "/nonexistent", "x.png", "--db", database], status: 69, mentioning: "wordnet-base")
    _ = try expectFailure(
        ["vocab", "read", "--frequency-list", "/nonexistent/f", "x.png", "--db", database], status: 69, mentioning: "wordfreq")
    _ = try expectFailure(["vocab", "read", "--translate", "ja", "x.png", "--db", database], status: 64, mentioning: "it (Italian)")
    _ = try expectFailure(["vocab", "read", "--known", "-1", "x.png", "--db", database], status: 64, mentioning: "--known")
    _ = try expectFailure(["vocab", "show", "lantern", "--db", database], status: 66, mentioning: "no entry for \"lantern\"")
    _ = try expectFailure(["vocab", "move", "lantern", "--to", "b", "--db", database], status: 66, mentioning: "lantern")
    _ = try expectFailure(["vocab", "delete", "lantern", "--db", database], status: 66, mentioning: "lantern")
    _ = try expectFailure(["vocab", "known", "add", "bell\u{7}", "--db", database], status: 64, mentioning: "not a word")
    _ = try expectFailure(["vocab", "known", "remove", "lantern", "--db", database], status: 66, mentioning: "not on the list")
    #expect(try scry(["vocab", "add", "lantern", "--notebook", "a", "--db", database]).status == 0)
    #expect(try scry(["vocab", "add", "lanterns", "--notebook", "b", "--db", database]).status == 0)
    _ = try expectFailure(["vocab", "move", "lantern", "--to", "c", "--db", database], status: 64, mentioning: "--notebook")
    // Not on a terminal: marking it known needs --yes, and nothing changes without it.
    _ = try expectFailure(["vocab", "known", "add", "lanterns", "--db", database], status: 64, mentioning: "--yes")
    #expect(try jsonLines(try scry(["vocab", "show", "lantern", "--db", database])).count == 2)
    #expect(try scry(["vocab", "known", "add", "lanterns", "--yes", "--db", database]).status == 0)
    #expect(try scry(["vocab", "list", "--db", database]).stdout.isEmpty)
    _ = try expectFailure(["vocab", "add", "lantern", "--db", database], status: 64, mentioning: "known words")
    let notImage = directory.appendingPathComponent("notes.png").path
    try Data("hello".utf8).write(to: URL(fileURLWithPath: notImage))
    let bad = try scry(["vocab", "read", notImage, "--db", database])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("notes.png"))
}

@Test func concurrentReadersShareOneDatabaseWithoutDuplicates() throws {
    let directory = try makeTemporaryDirectory()
    let page = directory.appendingPathComponent("page.png").path
    try renderPage(pageLines, to: page)
    let database = directory.appendingPathComponent("v.sqlite").path
    // Six scry processes read the same page into the same new database at once.
    let results = try (0..<6).map { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RepositoryPaths.scryExecutable)
        process.arguments = ["vocab", "read", "--known", "0", page, "--db", database]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }.map { process in
        process.waitUntilExit()
        return process.terminationStatus
    }
    #expect(results == Array(repeating: 0, count: 6))
    let entries = try jsonLines(try vocab(database, ["list"]))
    #expect(entries.count == 10)
    #expect(Set(entries.compactMap { $0["word"] as? String }).count == 10)
    #expect(entries.allSatisfy { $0["sightings"] as? Int == 6 })
}
