import Foundation
import GRDB
import ScryCore
@testable import ScryNotebook
import ScryTestSupport
import Testing

private func freshDatabase() throws -> VocabularyDatabase {
    try VocabularyDatabase(path: makeTemporaryDirectory().appendingPathComponent("vocabulary.sqlite").path)
}

private let start = Date(timeIntervalSince1970: 1_800_000_000)

@Test func recordAddsNewWordsAndUpdatesSeenOnes() throws {
    let database = try freshDatabase()
    let first = try database.record(
        [VocabularyWord(word: "fox", context: "The quick fox."), VocabularyWord(word: "dog", context: "A dog.")],
        source: "page1.png", notebook: "Novel", now: start)
    #expect(first.map(\.isNew) == [true, true])
    let again = try database.record(
        [VocabularyWord(word: "fox", context: "Another fox.")], source: "page2.png", notebook: "novel",
        now: start.addingTimeInterval(60))
    #expect(again.map(\.isNew) == [false])
    let entries = try database.entries(notebook: "Novel")
    #expect(entries.map(\.entry.word) == ["fox", "dog"])
    let fox = entries[0].entry
    #expect(fox.context == "Another fox.")
    #expect(fox.source == "page2.png")
    #expect(fox.sightings == 2)
    #expect(fox.createdAt == start)
    #expect(fox.updatedAt == start.addingTimeInterval(60))
    #expect(entries[0].notebook == "Novel")
    // The notebook title matches in any case; there is one notebook.
    #expect(try database.notebooks().map(\.entryCount) == [2])
}

@Test func theSameWordInTwoNotebooksIsTwoEntries() throws {
    let database = try freshDatabase()
    try database.add(word: "Fox", context: "", notebook: "a")
    try database.add(word: "fox", context: "", notebook: "b")
    #expect(try database.entries().map(\.entry.word) == ["fox", "fox"])
    #expect(try database.notebooks().map(\.notebook.title) == ["a", "b"])
}

@Test func notebooksAreCreatedRenamedAndDeletedWithTheirEntries() throws {
    let database = try freshDatabase()
    try database.createNotebook(title: "Spanish")
    #expect(throws: NotebookError.notebookExists("spanish")) { try database.createNotebook(title: "spanish") }
    try database.add(word: "perro", context: "El perro.", notebook: "Spanish")
    try database.renameNotebook("SPANISH", to: "Español")
    #expect(try database.entries(notebook: "español").map(\.notebook) == ["Español"])
    #expect(throws: NotebookError.noSuchNotebook("Spanish")) { try database.entries(notebook: "Spanish") }
    #expect(try database.deleteNotebook("Español") == 1)
    #expect(try database.entries().isEmpty)
    #expect(try database.notebooks().isEmpty)
    #expect(throws: NotebookError.invalidTitle(" ")) { try database.createNotebook(title: " ") }
}

@Test func entriesAreEditedAndDeleted() throws {
    let database = try freshDatabase()
    let fox = try database.add(word: "fox", context: "A fox.", notebook: "n").entry
    let dog = try database.add(word: "dog", context: "A dog.", notebook: "n").entry
    let edited = try database.edit(id: fox.id!, word: "Vixen", context: "A vixen.")
    #expect(edited.word == "vixen")
    #expect(edited.context == "A vixen.")
    #expect(throws: NotebookError.duplicateWord("dog", notebook: "n")) { try database.edit(id: fox.id!, word: "dog") }
    #expect(throws: NotebookError.noSuchEntry(999)) { try database.edit(id: 999, context: "x") }
    #expect(throws: NotebookError.invalidWord("two words")) { try database.edit(id: fox.id!, word: "two words") }
    // All or nothing: an unknown id deletes none.
    #expect(throws: NotebookError.noSuchEntry(999)) { try database.deleteEntries(ids: [dog.id!, 999]) }
    #expect(try database.entries().count == 2)
    try database.deleteEntries(ids: [dog.id!])
    #expect(try database.entries().map(\.entry.word) == ["vixen"])
}

@Test func badWordsAreRefusedBeforeAnythingIsStored() throws {
    let database = try freshDatabase()
    for word in ["", "a b", "tab\there", "bell\u{7}"] {
        #expect(throws: NotebookError.invalidWord(word)) { try database.add(word: word, context: "", notebook: "n") }
    }
    #expect(try database.notebooks().isEmpty)
}

@Test func exportQuotesCSVAndDefusesFormulas() throws {
    let database = try freshDatabase()
    try database.add(word: "fox", context: "Said \"fox\", twice\nthen left.", source: "=cmd", notebook: "n", now: start)
    let csv = NotebookExport.render(try database.entries(), as: .csv)
    #expect(
        csv == NotebookExport.columns.joined(separator: ",") + "\r\n"
            + "1,n,fox,fox,fox,,,,,\"Said \"\"fox\"\", twice\nthen left.\",'=cmd,2027-01-15T08:00:00Z,2027-01-15T08:00:00Z,1\r\n")
    let json = NotebookExport.render(try database.entries(), as: .json)
    #expect(json.hasPrefix("[{\"context\":\"Said \\\"fox\\\", twice\\nthen left.\",\"created_at\":\"2027-01-15T08:00:00Z\""))
}

@Test func aFileThatIsNotADatabaseIsRefused() throws {
    let path = try makeTemporaryDirectory().appendingPathComponent("junk.sqlite").path
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    #expect {
        try VocabularyDatabase(path: path)
    } throws: { error in
        if case .notANotebookDatabase = error as? NotebookError { return true }
        return false
    }
    #expect {
        try VocabularyDatabase(path: "/nonexistent-folder/v.sqlite")
    } throws: { error in
        if case .cannotOpen = error as? NotebookError { return true }
        return false
    }
}

@Test func concurrentWritersOnSeparateConnectionsKeepOneEntryPerWord() async throws {
    let path = try makeTemporaryDirectory().appendingPathComponent("vocabulary.sqlite").path
    _ = try VocabularyDatabase(path: path)
    let words = (0..<40).map { VocabularyWord(word: "word\($0)", context: "Sentence \($0).") }
    // Eight connections (as eight processes would have) record the same words at once.
    try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<8 {
            group.addTask {
                let database = try VocabularyDatabase(path: path)
                for chunk in stride(from: 0, to: words.count, by: 5) {
                    try database.record(Array(words[chunk..<chunk + 5]), source: "writer\(writer)", notebook: "shared")
                }
            }
        }
        try await group.waitForAll()
    }
    let entries = try VocabularyDatabase(path: path).entries()
    #expect(entries.count == 40)
    #expect(entries.allSatisfy { $0.entry.sightings == 8 })
}

@Test func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
    let path = try makeTemporaryDirectory().appendingPathComponent("other.sqlite").path
    let other = try DatabaseQueue(path: path)
    try other.write { try $0.execute(sql: "CREATE TABLE entry (name TEXT)") }
    #expect(throws: NotebookError.notANotebookDatabase(path: path, reason: "it holds tables of another program")) {
        try VocabularyDatabase(path: path)
    }
    #expect(try other.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 0)
}

@Test func manyConnectionsCreatingOneNewDatabaseAtOnceAllSucceed() async throws {
    for _ in 0..<5 {
        let path = try makeTemporaryDirectory().appendingPathComponent("new.sqlite").path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 { group.addTask { _ = try VocabularyDatabase(path: path).add(word: "fox", context: "", notebook: "n") } }
            try await group.waitForAll()
        }
        #expect(try VocabularyDatabase(path: path).entries().map(\.entry.sightings) == [6])
    }
}

@Test func aNotebookDatabaseMissingATableOrColumnIsRefused() throws {
    for damage in ["DROP TABLE entry", "ALTER TABLE entry DROP COLUMN sightings", "DROP TABLE notebook"] {
        let path = try makeTemporaryDirectory().appendingPathComponent("v.sqlite").path
        try VocabularyDatabase(path: path).add(word: "fox", context: "", notebook: "n")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: damage)
        }
        try queue.close()
        #expect(throws: NotebookError.self, "\(damage)") { try VocabularyDatabase(path: path) }
        #expect {
            try VocabularyDatabase(path: path)
        } throws: { error in
            guard case .notANotebookDatabase(let named, _) = error as? NotebookError else { return false }
            return named == path
        }
    }
}

@Test func everyFormulaStartOnOWASPsListIsDefused() {
    for cell in ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1+1", "\r=1+1", "\r\n=1+1", "\n=1", "\u{FF1D}1+1"] {
        #expect(NotebookExport.csvField(cell).drop { $0 == "\"" }.hasPrefix("'"), "\(cell.debugDescription)")
    }
    #expect(NotebookExport.csvField("plain words") == "plain words")
    #expect(NotebookExport.csvField("a\tb") == "\"a\tb\"")
}

@Test func storedValuesOfTheWrongKindAreReportedNotTrapped() throws {
    let path = try makeTemporaryDirectory().appendingPathComponent("v.sqlite").path
    try VocabularyDatabase(path: path).add(word: "fox", context: "", notebook: "n")
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in try db.execute(sql: "UPDATE entry SET sightings = 'many', createdAt = 'yesterday'") }
    try queue.close()
    #expect {
        try VocabularyDatabase(path: path).entries()
    } throws: { error in
        guard case .notANotebookDatabase(let named, _) = error as? NotebookError else { return false }
        return named == path
    }
}
