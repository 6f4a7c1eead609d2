import Foundation
import GRDB
import ScryCore

/// The vocabulary notebooks, stored in one SQLite file (through GRDB). Several processes may
/// use the same file at once: it runs in WAL mode, every change is one immediate transaction,
/// writers wait for each other (up to `busyTimeout`), and a word seen again updates its
/// entry (one row per word and notebook, enforced by a unique index) instead of adding one.
public final class VocabularyDatabase: Sendable {
    public let path: String
    private let pool: DatabasePool

    /// How long a write waits for another process's write to finish before failing.
    public static let busyTimeout: TimeInterval = 30

    /// Opens the database at `path`, creating it (and its tables) when missing.
    public init(path: String) throws(NotebookError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "scry.vocabulary"
        // Every connection waits `busyTimeout` for another writer. Opening a new file can
        // still meet SQLITE_BUSY outside SQLite's busy handler (switching a database to WAL
        // while another process does the same, or reads its first page), so opening is
        // retried until the same deadline.
        let deadline = ContinuousClock.now + .seconds(Self.busyTimeout)
        var attempt = 0
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try Self.createSchema(in: pool, path: path)
                self.pool = pool
                return
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
                && ContinuousClock.now < deadline
            {
                attempt += 1
                Thread.sleep(forTimeInterval: Double.random(in: 0.005...0.02) * Double(min(attempt, 10)))
            } catch {
                throw Self.openingError(error, path: path)
            }
        }
    }

    /// The schema version this code writes, kept in SQLite's `user_version`. Version 1 (no
    /// forms, meanings or known words) is migrated in place when opened.
    static let schemaVersion = 2

    /// Makes the tables of a new database, or brings an older one up to date. Several
    /// processes may open a new file at once: the version check and the creation run in one
    /// IMMEDIATE transaction, so the first process creates (or migrates) the schema and the
    /// others, waiting for its write lock, find it made. A file holding tables but no version
    /// is some other program's database, and is refused.
    private static func createSchema(in pool: DatabasePool, path: String) throws {
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if version == schemaVersion {
                    if let missing = try missingSchemaPart(db) {
                        throw NotebookError.notANotebookDatabase(path: path, reason: missing)
                    }
                    return .commit
                }
                if version > schemaVersion {
                    throw NotebookError.notANotebookDatabase(
                        path: path, reason: "schema version \(version) is newer than this scry's \(schemaVersion)")
                }
                if version == 1 {
                    if let missing = try missingSchemaPart(db, of: versionOneColumns) {
                        throw NotebookError.notANotebookDatabase(path: path, reason: missing)
                    }
                    try migrateFromVersionOne(db)
                    try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
                    return .commit
                }
                let tables = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
                if tables > 0 {
                    throw NotebookError.notANotebookDatabase(path: path, reason: "it holds tables of another program")
                }
                try db.create(table: "notebook") { table in
                    table.autoIncrementedPrimaryKey("id")
                    table.column("title", .text).notNull().unique().collate(.nocase)
                    table.column("createdAt", .datetime).notNull()
                }
                try db.create(table: "entry") { table in
                    table.autoIncrementedPrimaryKey("id")
                    table.belongsTo("notebook", onDelete: .cascade).notNull()
                    table.column("word", .text).notNull()
                    table.column("context", .text).notNull()
                    table.column("source", .text).notNull()
                    table.column("createdAt", .datetime).notNull()
                    table.column("updatedAt", .datetime).notNull()
                    table.column("sightings", .integer).notNull().defaults(to: 1)
                    table.uniqueKey(["notebookId", "word"])
                }
                try addVersionTwoParts(db)
                try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
                return .commit
            }
        }
    }

    /// Version 2's columns of `entry` and its `knownWord` table.
    private static func addVersionTwoParts(_ db: Database) throws {
        try db.alter(table: "entry") { table in
            table.add(column: "forms", .text).notNull().defaults(to: "[]")
            table.add(column: "partOfSpeech", .text)
            table.add(column: "definition", .text)
            table.add(column: "translation", .text)
            table.add(column: "translationLanguage", .text)
        }
        try db.create(table: "knownWord") { table in
            table.primaryKey("word", .text)
            table.column("addedAt", .datetime).notNull()
        }
    }

    /// Version 1 to 2: every entry keeps its word, which becomes its only form; nothing else
    /// changes.
    private static func migrateFromVersionOne(_ db: Database) throws {
        try addVersionTwoParts(db)
        try db.execute(sql: "UPDATE entry SET forms = json_array(word)")
    }

    /// The tables and columns of version 1.
    static let versionOneColumns: [String: Set<String>] = [
        "notebook": ["id", "title", "createdAt"],
        "entry": ["id", "notebookId", "word", "context", "source", "createdAt", "updatedAt", "sightings"],
    ]

    /// The tables and columns this code reads and writes.
    static let expectedColumns: [String: Set<String>] = [
        "notebook": ["id", "title", "createdAt"],
        "entry": [
            "id", "notebookId", "word", "context", "source", "createdAt", "updatedAt", "sightings", "forms",
            "partOfSpeech", "definition", "translation", "translationLanguage",
        ],
        "knownWord": ["word", "addedAt"],
    ]

    /// What a database that says it has this schema lacks of it (a table dropped, a column
    /// missing), or nil when it is whole.
    private static func missingSchemaPart(_ db: Database, of expected: [String: Set<String>] = expectedColumns) throws
        -> String?
    {
        for (table, columns) in expected.sorted(by: { $0.key < $1.key }) {
            let found = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String })
            if found.isEmpty { return "it has no \(table) table" }
            if let column = columns.subtracting(found).sorted().first {
                return "its \(table) table has no \(column) column"
            }
        }
        return nil
    }

    // MARK: Notebooks

    /// Every notebook with its number of entries, by title.
    public func notebooks() throws(NotebookError) -> [NotebookSummary] {
        try reading { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT notebook.*, (SELECT COUNT(*) FROM entry WHERE entry.notebookId = notebook.id) AS entryCount
                    FROM notebook ORDER BY title COLLATE NOCASE
                    """)
            return try rows.map { NotebookSummary(notebook: try Notebook(row: $0), entryCount: $0["entryCount"]) }
        }
    }

    /// Makes a notebook; fails when one with that title (in any case) exists.
    @discardableResult
    public func createNotebook(title: String, now: Date = Date()) throws(NotebookError) -> Notebook {
        let title = try Self.checkedTitle(title)
        return try writing { db in
            if try Self.notebook(titled: title, in: db) != nil { throw NotebookError.notebookExists(title) }
            var notebook = Notebook(title: title, createdAt: now)
            try notebook.insert(db)
            return notebook
        }
    }

    /// Gives a notebook another title.
    @discardableResult
    public func renameNotebook(_ title: String, to newTitle: String) throws(NotebookError) -> Notebook {
        let newTitle = try Self.checkedTitle(newTitle)
        return try writing { db in
            guard var notebook = try Self.notebook(titled: title, in: db) else {
                throw NotebookError.noSuchNotebook(title)
            }
            if let other = try Self.notebook(titled: newTitle, in: db), other.id != notebook.id {
                throw NotebookError.notebookExists(newTitle)
            }
            notebook.title = newTitle
            try notebook.update(db)
            return notebook
        }
    }

    /// Deletes a notebook and its entries; returns how many entries went with it.
    @discardableResult
    public func deleteNotebook(_ title: String) throws(NotebookError) -> Int {
        try writing { db in
            guard let notebook = try Self.notebook(titled: title, in: db) else {
                throw NotebookError.noSuchNotebook(title)
            }
            let count = try NotebookEntry.filter(Column("notebookId") == notebook.id).fetchCount(db)
            try notebook.delete(db)
            return count
        }
    }

    // MARK: Entries

    /// A word stored by `record` or `add`, and whether it was new to its notebook.
    public struct Recorded: Sendable, Equatable {
        public var entry: NotebookEntry
        public var isNew: Bool
    }

    /// Stores `words` read from `source` in the notebook titled `title` (made when missing),
    /// all in one transaction: a new word is added, a word the notebook has already gets the
    /// new sentence, source and time, the forms it lacked, a definition where it had none, the
    /// new translation, and one more sighting. A word on the list of known words is left out
    /// (it is not among the results).
    @discardableResult
    public func record(
        _ words: [VocabularyWord], source: String, notebook title: String, translationLanguage: String? = nil,
        now: Date = Date()
    ) throws(NotebookError) -> [Recorded] {
        let title = try Self.checkedTitle(title)
        for word in words { _ = try Self.checkedWord(word.word) }
        return try writing { db in
            let known = Set(try String.fetchAll(db, sql: "SELECT word FROM knownWord"))
            let fresh = words.filter { !known.contains($0.word.lowercased()) }
            guard !fresh.isEmpty else { return [] }
            let notebook = try Self.notebookMadeIfMissing(title, now: now, in: db)
            return try fresh.map { word in
                try Self.upsert(
                    word, source: source, notebookId: notebook.id!, translationLanguage: translationLanguage, now: now,
                    in: db)
            }
        }
    }

    /// Adds one word by hand (or counts one more sighting of it).
    @discardableResult
    public func add(
        word: String, context: String, source: String = "manual", notebook title: String,
        now: Date = Date()
    ) throws(NotebookError) -> Recorded {
        let word = try Self.checkedWord(word)
        let recorded = try record([VocabularyWord(word: word, context: context)], source: source, notebook: title, now: now)
        guard let first = recorded.first else { throw NotebookError.knownWord(word) }
        return first
    }

    /// The entries of one notebook (or of all when `title` is nil), with their notebooks'
    /// titles, in the order they were added.
    public func entries(notebook title: String? = nil) throws(NotebookError) -> [(entry: NotebookEntry, notebook: String)] {
        try reading { db in
            var request = NotebookEntry.all()
            if let title {
                guard let notebook = try Self.notebook(titled: title, in: db) else {
                    throw NotebookError.noSuchNotebook(title)
                }
                request = request.filter(Column("notebookId") == notebook.id)
            }
            let titles = Dictionary(uniqueKeysWithValues: try Notebook.fetchAll(db).map { ($0.id!, $0.title) })
            return try request.order(Column("id")).fetchAll(db).map { ($0, titles[$0.notebookId] ?? "") }
        }
    }

    /// Changes an entry's word and/or sentence.
    @discardableResult
    public func edit(id: Int64, word: String? = nil, context: String? = nil, now: Date = Date())
        throws(NotebookError) -> NotebookEntry
    {
        let word = try word.map { (word: String) throws(NotebookError) in try Self.checkedWord(word) }
        return try writing { db in
            guard var entry = try NotebookEntry.fetchOne(db, key: id) else { throw NotebookError.noSuchEntry(id) }
            if let word, word != entry.word {
                let clash = try NotebookEntry.filter(Column("notebookId") == entry.notebookId && Column("word") == word)
                    .fetchOne(db)
                if clash != nil {
                    let title = try Notebook.fetchOne(db, key: entry.notebookId)?.title ?? ""
                    throw NotebookError.duplicateWord(word, notebook: title)
                }
                entry.word = word
            }
            if let context { entry.context = context }
            entry.updatedAt = now
            try entry.update(db)
            return entry
        }
    }

    /// Deletes entries by id; every id must exist, or nothing is deleted.
    public func deleteEntries(ids: [Int64]) throws(NotebookError) {
        try writing { db in
            for id in ids where try !NotebookEntry.exists(db, key: id) { throw NotebookError.noSuchEntry(id) }
            for id in ids { try NotebookEntry.deleteOne(db, key: id) }
        }
    }

    /// The entries of `word` (its lemma, or one of the forms it was printed in; any case), in
    /// one notebook or in all, with their notebooks' titles. Fails when there is none.
    public func entries(word: String, notebook title: String? = nil) throws(NotebookError)
        -> [(entry: NotebookEntry, notebook: String)]
    {
        let word = try Self.checkedWord(word)
        return try reading { db in try Self.entries(of: word, notebook: title, in: db) }
    }

    private static func entries(of word: String, notebook title: String?, in db: Database) throws
        -> [(entry: NotebookEntry, notebook: String)]
    {
        var notebookId: Int64?
        if let title {
            guard let notebook = try notebook(titled: title, in: db) else { throw NotebookError.noSuchNotebook(title) }
            notebookId = notebook.id
        }
        let titles = Dictionary(uniqueKeysWithValues: try Notebook.fetchAll(db).map { ($0.id!, $0.title) })
        let byLemma = try NotebookEntry.fetchAll(
            db, sql: "SELECT * FROM entry WHERE word = ? AND (? IS NULL OR notebookId = ?) ORDER BY id",
            arguments: [word, notebookId, notebookId])
        let found = byLemma.isEmpty
            ? try NotebookEntry.fetchAll(
                db,
                sql: """
                    SELECT * FROM entry WHERE EXISTS (SELECT 1 FROM json_each(entry.forms) WHERE value = ?)
                    AND (? IS NULL OR notebookId = ?) ORDER BY id
                    """,
                arguments: [word, notebookId, notebookId])
            : byLemma
        guard !found.isEmpty else { throw NotebookError.noSuchWord(word, notebook: title) }
        return found.map { ($0, titles[$0.notebookId] ?? "") }
    }

    /// Moves `word`'s entry to the notebook titled `target` (made when missing). With
    /// `notebook` nil the word must be in one notebook only. Where the target has the word
    /// already, the two entries become one: the target's sentence and meaning, both entries'
    /// forms, and their sightings added up.
    @discardableResult
    public func move(word: String, from title: String? = nil, to target: String, now: Date = Date())
        throws(NotebookError) -> (entry: NotebookEntry, notebook: String)
    {
        let word = try Self.checkedWord(word)
        let target = try Self.checkedTitle(target)
        return try writing { db in
            let found = try Self.entries(of: word, notebook: title, in: db)
            guard found.count == 1, var entry = found.first?.entry else {
                throw NotebookError.wordInSeveralNotebooks(word, notebooks: found.map(\.notebook))
            }
            let destination = try Self.notebookMadeIfMissing(target, now: now, in: db)
            if destination.id == entry.notebookId { return (entry, destination.title) }
            if var existing = try NotebookEntry.filter(
                Column("notebookId") == destination.id && Column("word") == entry.word
            ).fetchOne(db) {
                for form in entry.forms where !existing.forms.contains(form) { existing.forms.append(form) }
                existing.sightings += entry.sightings
                existing.definition = existing.definition ?? entry.definition
                existing.translation = existing.translation ?? entry.translation
                existing.translationLanguage = existing.translationLanguage ?? entry.translationLanguage
                existing.updatedAt = now
                try entry.delete(db)
                try existing.update(db)
                return (existing, destination.title)
            }
            entry.notebookId = destination.id!
            entry.updatedAt = now
            try entry.update(db)
            return (entry, destination.title)
        }
    }

    /// Deletes entries named by id or by word (lemma or form; in `notebook`, else in every
    /// notebook); every one must exist, or nothing is deleted. Returns the entries deleted.
    @discardableResult
    public func deleteEntries(ids: [Int64] = [], words: [String], notebook title: String? = nil)
        throws(NotebookError) -> [(entry: NotebookEntry, notebook: String)]
    {
        let words = try words.map { (word: String) throws(NotebookError) in try Self.checkedWord(word) }
        return try writing { db in
            var doomed: [(entry: NotebookEntry, notebook: String)] = []
            let titles = Dictionary(uniqueKeysWithValues: try Notebook.fetchAll(db).map { ($0.id!, $0.title) })
            for id in ids {
                guard let entry = try NotebookEntry.fetchOne(db, key: id) else { throw NotebookError.noSuchEntry(id) }
                doomed.append((entry, titles[entry.notebookId] ?? ""))
            }
            for word in words { doomed += try Self.entries(of: word, notebook: title, in: db) }
            for item in doomed { _ = try NotebookEntry.deleteOne(db, key: item.entry.id) }
            var seen = Set<Int64>()
            return doomed.filter { seen.insert($0.entry.id!).inserted }
        }
    }

    // MARK: Known words

    /// The learner's known words, alphabetically.
    public func knownWords() throws(NotebookError) -> [KnownWord] {
        try reading { db in try KnownWord.order(Column("word")).fetchAll(db) }
    }

    /// Puts `words` (lemmas) on the list of known words. A word with entries in notebooks is
    /// refused unless `removingEntries`, which deletes those entries in the same transaction.
    /// Returns the entries removed.
    @discardableResult
    public func markKnown(_ words: [String], removingEntries: Bool, now: Date = Date()) throws(NotebookError)
        -> [(entry: NotebookEntry, notebook: String)]
    {
        let words = try words.map { (word: String) throws(NotebookError) in try Self.checkedWord(word) }
        return try writing { db in
            let titles = Dictionary(uniqueKeysWithValues: try Notebook.fetchAll(db).map { ($0.id!, $0.title) })
            var removed: [(entry: NotebookEntry, notebook: String)] = []
            for word in words {
                let entries = try NotebookEntry.filter(Column("word") == word).order(Column("id")).fetchAll(db)
                if !entries.isEmpty && !removingEntries {
                    throw NotebookError.knownWordHasEntries(word, notebooks: entries.map { titles[$0.notebookId] ?? "" })
                }
                for entry in entries {
                    try entry.delete(db)
                    removed.append((entry, titles[entry.notebookId] ?? ""))
                }
                try KnownWord(word: word, addedAt: now).insert(db, onConflict: .ignore)
            }
            return removed
        }
    }

    /// Takes `words` off the list of known words; every one must be on it, or nothing changes.
    public func unmarkKnown(_ words: [String]) throws(NotebookError) {
        let words = try words.map { (word: String) throws(NotebookError) in try Self.checkedWord(word) }
        try writing { db in
            for word in words where try !KnownWord.exists(db, key: word) { throw NotebookError.notAKnownWord(word) }
            for word in words { try KnownWord.deleteOne(db, key: word) }
        }
    }

    /// The notebooks holding an entry for `word` (its lemma), by title.
    public func notebooks(holding word: String) throws(NotebookError) -> [String] {
        let word = try Self.checkedWord(word)
        return try reading { db in
            try String.fetchAll(
                db,
                sql: "SELECT notebook.title FROM entry JOIN notebook ON notebook.id = entry.notebookId WHERE word = ? ORDER BY 1",
                arguments: [word])
        }
    }

    // MARK: Helpers

    private static func notebook(titled title: String, in db: Database) throws -> Notebook? {
        try Notebook.filter(sql: "title = ? COLLATE NOCASE", arguments: [title]).fetchOne(db)
    }

    private static func notebookMadeIfMissing(_ title: String, now: Date, in db: Database) throws -> Notebook {
        if let notebook = try notebook(titled: title, in: db) { return notebook }
        var notebook = Notebook(title: title, createdAt: now)
        try notebook.insert(db)
        return notebook
    }

    private static func upsert(
        _ word: VocabularyWord, source: String, notebookId: Int64, translationLanguage: String?, now: Date,
        in db: Database
    ) throws -> Recorded {
        let lemma = word.word.lowercased()
        let forms = word.forms.map { $0.lowercased() }
        if var entry = try NotebookEntry.filter(Column("notebookId") == notebookId && Column("word") == lemma).fetchOne(db) {
            entry.context = word.context
            entry.source = source
            entry.updatedAt = now
            entry.sightings += 1
            for form in forms where !entry.forms.contains(form) { entry.forms.append(form) }
            entry.partOfSpeech = entry.partOfSpeech ?? word.partOfSpeech
            entry.definition = entry.definition ?? word.definition
            if let translation = word.translation {
                entry.translation = translation
                entry.translationLanguage = translationLanguage
            }
            try entry.update(db)
            return Recorded(entry: entry, isNew: false)
        }
        var entry = NotebookEntry(
            notebookId: notebookId, word: lemma, context: word.context, source: source, createdAt: now, updatedAt: now,
            forms: forms.isEmpty ? [lemma] : forms, partOfSpeech: word.partOfSpeech, definition: word.definition,
            translation: word.translation, translationLanguage: word.translation == nil ? nil : translationLanguage)
        try entry.insert(db)
        return Recorded(entry: entry, isNew: true)
    }

    /// `word` lower-cased, or `invalidWord` when it is empty, longer than 100 characters, or holds
    /// white space or control characters.
    public static func checkedWord(_ word: String) throws(NotebookError) -> String {
        let lowered = word.lowercased()
        guard !lowered.isEmpty, lowered.count <= 100,
            !lowered.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        else { throw .invalidWord(word) }
        return lowered
    }

    static func checkedTitle(_ title: String) throws(NotebookError) -> String {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 200,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidTitle(title) }
        return trimmed
    }

    private func reading<T>(_ body: (Database) throws -> T) throws(NotebookError) -> T {
        do { return try pool.read(body) } catch { throw failure(error) }
    }

    private func writing<T>(_ body: (Database) throws -> T) throws(NotebookError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch { throw failure(error) }
    }

    private func failure(_ error: Error) -> NotebookError {
        if let error = error as? NotebookError { return error }
        // A stored value of the wrong kind (text where a count or a date belongs): the file
        // was not written by scry.
        if let error = error as? RowDecodingError {
            return .notANotebookDatabase(path: path, reason: "a stored value cannot be read: \(error)")
        }
        if let error = error as? DatabaseError { return .database(error.message ?? "\(error.resultCode)") }
        return .database("\(error)")
    }

    private static func openingError(_ error: Error, path: String) -> NotebookError {
        if let error = error as? NotebookError { return error }
        guard let error = error as? DatabaseError else { return .cannotOpen(path: path, reason: "\(error)") }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notANotebookDatabase(path: path, reason: reason)
        default: return .cannotOpen(path: path, reason: reason)
        }
    }
}
