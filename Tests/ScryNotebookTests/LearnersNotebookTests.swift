import Foundation
import Synchronization
import GRDB
import ScryCore
@testable import ScryNotebook
import ScryTestSupport
import Testing

// The notebook as a learner's list: known words, words by lemma, moves, and the previous
// schema migrated in place.

private func freshDatabase() throws -> VocabularyDatabase {
    try VocabularyDatabase(path: makeTemporaryDirectory().appendingPathComponent("vocabulary.sqlite").path)
}

private let start = Date(timeIntervalSince1970: 1_800_000_000)

@Test func aDatabaseOfThePreviousSchemaIsMigratedInPlaceWithEveryEntry() throws {
    // Made by scry's previous release: 4 entries in 2 notebooks, one seen twice, a word that
    // looks like a spreadsheet formula and a context of SQL and control characters.
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/vocabulary-v1.sqlite")
    let path = try makeTemporaryDirectory().appendingPathComponent("old.sqlite").path
    try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
    let database = try VocabularyDatabase(path: path)
    let entries = try database.entries()
    #expect(entries.map(\.entry.word) == ["lantern", "rowed", "harbour", "=cmd|calc!a1"])
    #expect(entries.map(\.notebook) == ["Great Expectations", "Great Expectations", "Hostile", "Hostile"])
    #expect(entries[0].entry.sightings == 2 && entries[0].entry.context == "The lantern again.")
    #expect(entries[2].entry.context == "bell\u{7} and\ttab")
    #expect(entries[3].entry.context == "'); DROP TABLE entry; --")
    #expect(entries.allSatisfy { $0.entry.forms == [$0.entry.word] && $0.entry.definition == nil })
    // Usable at once, and opened again without another migration.
    try database.record([VocabularyWord(word: "lantern", forms: ["lanterns"], context: "Two lanterns.")], source: "p", notebook: "Great Expectations")
    let reopened = try VocabularyDatabase(path: path)
    #expect(try reopened.entries(word: "lanterns").first?.entry.forms == ["lantern", "lanterns"])
    #expect(try reopened.entries().count == 4)
    let version = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
    #expect(version == 2)
}

@Test func aKnownWordIsNeverAddedAgainAndMarkingItKnownRemovesItsEntries() throws {
    let database = try freshDatabase()
    try database.record(
        [VocabularyWord(word: "lantern", context: "A lantern."), VocabularyWord(word: "harbour", context: "A harbour.")],
        source: "p1", notebook: "one", now: start)
    try database.record([VocabularyWord(word: "lantern", context: "Again.")], source: "p2", notebook: "two", now: start)
    // Refused without confirmation, and nothing changes.
    #expect(throws: NotebookError.knownWordHasEntries("lantern", notebooks: ["one", "two"])) {
        try database.markKnown(["lantern"], removingEntries: false)
    }
    #expect(try database.knownWords().isEmpty && database.entries().count == 3)
    let removed = try database.markKnown(["lantern"], removingEntries: true, now: start)
    #expect(removed.map(\.notebook) == ["one", "two"])
    #expect(try database.entries().map(\.entry.word) == ["harbour"])
    #expect(try database.knownWords() == [KnownWord(word: "lantern", addedAt: start)])
    // Read on a page again: left out.
    let recorded = try database.record(
        [VocabularyWord(word: "lantern", context: "Yet again."), VocabularyWord(word: "quay", context: "A quay.")],
        source: "p3", notebook: "one")
    #expect(recorded.map(\.entry.word) == ["quay"])
    #expect(throws: NotebookError.knownWord("lantern")) { try database.add(word: "lantern", context: "", notebook: "one") }
    try database.unmarkKnown(["lantern"])
    #expect(throws: NotebookError.notAKnownWord("lantern")) { try database.unmarkKnown(["lantern"]) }
    #expect(try database.add(word: "lantern", context: "", notebook: "one").isNew)
}

@Test func entriesAreFoundMovedAndDeletedByWordOrForm() throws {
    let database = try freshDatabase()
    try database.record(
        [VocabularyWord(word: "row", forms: ["rowed"], context: "They rowed."), VocabularyWord(word: "quay", context: "A quay.")],
        source: "p1", notebook: "one", now: start)
    try database.record([VocabularyWord(word: "row", forms: ["rows"], context: "Rows of seats.")], source: "p2", notebook: "two")
    #expect(try database.entries(word: "rowed").map(\.notebook) == ["one"])
    #expect(try database.entries(word: "row").map(\.notebook) == ["one", "two"])
    #expect(throws: NotebookError.noSuchWord("oar", notebook: nil)) { try database.entries(word: "oar") }
    // In two notebooks: the move needs one named; moved onto the same word, the entries merge.
    #expect(throws: NotebookError.wordInSeveralNotebooks("row", notebooks: ["one", "two"])) {
        try database.move(word: "row", to: "three")
    }
    let merged = try database.move(word: "row", from: "one", to: "two")
    #expect(merged.notebook == "two" && merged.entry.forms == ["rows", "rowed"] && merged.entry.sightings == 2)
    #expect(merged.entry.context == "Rows of seats.")
    let moved = try database.move(word: "quay", to: "new notebook")
    #expect(moved.notebook == "new notebook")
    #expect(try database.entries(notebook: "one").isEmpty)
    // Deleted by id and word together: all or none.
    #expect(throws: NotebookError.noSuchWord("oar", notebook: nil)) {
        try database.deleteEntries(ids: [moved.entry.id!], words: ["oar"])
    }
    #expect(try database.entries().count == 2)
    let deleted = try database.deleteEntries(ids: [moved.entry.id!], words: ["rowed"])
    #expect(deleted.map(\.entry.word) == ["quay", "row"])
    #expect(try database.entries().isEmpty)
}

@Test func hostileWordsAndContextsAreStoredAndExportedSafely() throws {
    let database = try freshDatabase()
    let words = ["robert');drop", "=1+1", "@sum(a1)", "-2+3", "naïve"]
    let context = "He said \"hi\",\tthen\r\n=HYPERLINK(\"x\")\u{1} '); DROP TABLE entry; --"
    for word in words { try database.add(word: word, context: context, notebook: "n", now: start) }
    let entries = try database.entries()
    #expect(entries.map(\.entry.word) == words && entries.allSatisfy { $0.entry.context == context })
    let csv = NotebookExport.render(entries, as: .csv)
    for word in words where "=@-+".contains(word.first!) { #expect(csv.contains(",'\(word),'\(word),")) }
    let anki = NotebookExport.render(entries, as: .anki)
    let notes = anki.split(separator: "\n").filter { !$0.hasPrefix("#") }
    // One note a line, five fields each, whatever the context holds.
    #expect(notes.count == words.count)
    #expect(notes.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 5 })
    #expect(anki.contains("He said &quot;hi&quot;,") && !anki.contains("<script"))
}

@Test func processesOpeningAnOldDatabaseAtOnceMigrateItOnceAndLoseNothing() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/vocabulary-v1.sqlite")
    let path = try makeTemporaryDirectory().appendingPathComponent("old.sqlite").path
    try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
    // Eight connections open it at once (each its own pool, as separate processes would), and
    // each adds a word.
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
        do {
            let database = try VocabularyDatabase(path: path)
            try database.add(word: "word\(index)", context: "", notebook: "Hostile")
        } catch { failures.withLock { $0.append("\(error)") } }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    let entries = try VocabularyDatabase(path: path).entries()
    #expect(entries.count == 12)
    #expect(Set(entries.map(\.entry.word)).isSuperset(of: ["lantern", "rowed", "harbour", "=cmd|calc!a1"]))
}
