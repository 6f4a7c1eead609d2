import ArgumentParser
import Foundation
import Glibc
import ScryCore
import ScryLexicon
import ScryNotebook
import SystemPackage

/// `scry vocab`: vocabulary notebooks read from book pages, stored in SQLite.
struct VocabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab",
        abstract: "Collect vocabulary from book pages into notebooks (SQLite).",
        discussion: """
            'scry vocab read' recognizes a page (image files, a frame dump, or the camera) and \
            stores its vocabulary: English words of two letters or more, no numbers, no \
            function words (pronouns, prepositions, conjunctions, articles, determiners, \
            quantifiers, negations, modal verbs, forms of be/have/do), known to the word list \
            (Debian's wamerican), each under its lemma (WordNet) with the forms printed, a \
            definition (WordNet) and the sentence it came from; the 2,000 most frequent lemmas \
            (--known) and the learner's known words ('vocab known') are left out. A word seen \
            again updates its entry. The database is --db, else \
            $SCRY_VOCABULARY_DB, else $XDG_DATA_HOME/scry/vocabulary.sqlite \
            (~/.local/share/scry/vocabulary.sqlite); several scry processes may use it at once.
            """,
        subcommands: [
            VocabReadCommand.self, VocabNotebooksCommand.self, VocabListCommand.self, VocabAddCommand.self,
            VocabEditCommand.self, VocabDeleteCommand.self, VocabShowCommand.self, VocabMoveCommand.self,
            VocabKnownCommand.self, VocabExportCommand.self,
        ])
}

/// Where the notebooks are stored.
struct VocabularyStoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The vocabulary database (SQLite).", valueName: "path"))
    var db: String?

    func validate() throws {
        try requireUTF8(db, option: "--db")
    }

    /// The database path: --db, $SCRY_VOCABULARY_DB, then the XDG data folder.
    var path: String {
        if let db { return db }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SCRY_VOCABULARY_DB"], !path.isEmpty { return path }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/share"
        return data + "/scry/vocabulary.sqlite"
    }

    /// Opens (and when needed creates) the database and its folder.
    func open() throws -> VocabularyDatabase {
        let path = self.path
        let folder = (path as NSString).deletingLastPathComponent
        if db == nil, !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        do { return try VocabularyDatabase(path: path) } catch { throw CommandFailure(error) }
    }
}


/// Runs a notebook operation, turning its failure into the documented status.
func notebookOperation<T>(_ body: () throws(NotebookError) -> T) throws -> T {
    do { return try body() } catch { throw CommandFailure(error) }
}

struct VocabNotebooksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notebooks",
        abstract: "List the notebooks (one JSON line each), or create, rename or delete one.",
        discussion: """
            Examples:
              The notebooks:
                scry vocab notebooks --db words.sqlite
              A new notebook, then renamed:
                scry vocab notebooks --db words.sqlite --create french
                scry vocab notebooks --db words.sqlite --rename french --to français
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "Create a notebook with this title.")
    var create: String?

    @Option(help: "Rename the notebook with this title (with --to).")
    var rename: String?

    @Option(help: "The new title, with --rename.")
    var to: String?

    @Option(help: "Delete the notebook with this title and all its entries.")
    var delete: String?

    func validate() throws {
        if [create, rename, delete].compactMap({ $0 }).count > 1 {
            throw ValidationError("use one of --create, --rename and --delete at a time")
        }
        if (rename == nil) != (to == nil) { throw ValidationError("--rename and --to go together") }
    }

    func run() throws {
        let database = try store.open()
        if let create {
            let notebook = try notebookOperation { () throws(NotebookError) in try database.createNotebook(title: create) }
            printError("created notebook \"\(notebook.title)\"")
        } else if let rename, let to {
            let notebook = try notebookOperation { () throws(NotebookError) in try database.renameNotebook(rename, to: to) }
            printError("renamed notebook \"\(rename)\" to \"\(notebook.title)\"")
        } else if let delete {
            let count = try notebookOperation { () throws(NotebookError) in try database.deleteNotebook(delete) }
            printError("deleted notebook \"\(delete)\" and its \(count) entries")
            return
        }
        let output = Output()
        for summary in try notebookOperation({ () throws(NotebookError) in try database.notebooks() }) {
            try output.emit(NotebookLine(summary))
        }
    }
}

struct VocabListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the entries of a notebook (or all), one JSON line each.",
        discussion: """
            Examples:
              Every entry:
                scry vocab list --db words.sqlite
              One notebook's, a word and its sentence a line:
                scry vocab list --db words.sqlite --notebook french --plain
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "Only this notebook (default: every notebook).")
    var notebook: String?

    @Flag(help: "Print for a person instead of JSON lines: each word, a tab, and its sentence.")
    var plain = false

    func run() throws {
        let database = try store.open()
        let output = Output(plain: plain)
        for (entry, title) in try notebookOperation({ () throws(NotebookError) in try database.entries(notebook: notebook) }) {
            try output.emit(VocabularyLine(entry, notebook: title))
        }
    }
}

struct VocabAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a word by hand (a word already there gets one more sighting).",
        discussion: """
            Examples:
              A word and the sentence it was met in:
                scry vocab add --db words.sqlite serendipity --context "A happy serendipity."
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "The notebook (made when missing).")
    var notebook = "default"

    @Argument(help: "The word.")
    var word: String

    @Option(help: "The sentence it belongs to.")
    var context = ""

    @Option(help: ArgumentHelp("Also store a translation: it, de, fr, es, pt or nl.", valueName: "language"))
    var translate: String?

    @Flag(help: "Store the word as typed: no lemma or definition from WordNet.")
    var asTyped = false

    func run() throws {
        let database = try store.open()
        let typed = word.lowercased()
        var entry = VocabularyWord(word: typed, context: context)
        var language: String?
        if !asTyped {
            let lexicon = try LexiconOptions.load(known: 0, translate: translate)
            let base = lexicon.lemmatizer.baseForm(of: typed)
            entry = VocabularyWord(
                word: base.lemma, forms: [typed], context: context, partOfSpeech: base.partOfSpeech?.name,
                definition: lexicon.definition(of: base.lemma, as: base.partOfSpeech),
                translation: lexicon.dictionary?.translation(of: base.lemma))
            language = lexicon.dictionary?.language
        }
        let recorded = try notebookOperation { () throws(NotebookError) in
            _ = try VocabularyDatabase.checkedWord(word)
            guard
                let first = try database.record([entry], source: "manual", notebook: notebook, translationLanguage: language)
                    .first
            else { throw NotebookError.knownWord(entry.word) }
            return first
        }
        try Output().emit(VocabularyLine(recorded.entry, notebook: notebook, isNew: recorded.isNew))
    }
}

struct VocabEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change an entry's word or sentence.",
        discussion: """
            Examples:
              Entry 3's word corrected:
                scry vocab edit --db words.sqlite 3 --word colour
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Argument(help: "The entry's id (see 'scry vocab list').")
    var id: Int64

    @Option(help: "The new word.")
    var word: String?

    @Option(help: "The new sentence.")
    var context: String?

    func validate() throws {
        if word == nil && context == nil { throw ValidationError("give --word, --context or both") }
    }

    func run() throws {
        let database = try store.open()
        let entry = try notebookOperation { () throws(NotebookError) in
            try database.edit(id: id, word: word, context: context)
        }
        let title = try notebookOperation { () throws(NotebookError) in
            try database.notebooks().first { $0.notebook.id == entry.notebookId }?.notebook.title ?? ""
        }
        try Output().emit(VocabularyLine(entry, notebook: title))
    }
}

struct VocabDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete entries by id or by word (all or none: an unknown one deletes nothing).",
        discussion: """
            A word is matched by its lemma or any form it was printed in, in --notebook or \
            else in every notebook.

            Examples:
              Entries 3 and 7:
                scry vocab delete --db words.sqlite 3 7
              The word "lantern" from the notebook "novel":
                scry vocab delete --db words.sqlite --notebook novel lantern
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "Words only from this notebook (default: every notebook).")
    var notebook: String?

    @Argument(help: "Entry ids (see 'scry vocab list') or words.")
    var entries: [String]

    func validate() throws {
        if entries.isEmpty { throw ValidationError("no entry ids or words given") }
    }

    func run() throws {
        let database = try store.open()
        let ids = entries.compactMap { $0.allSatisfy { $0.isASCII && $0.isNumber } ? Int64($0) : nil }
        let words = entries.filter { !$0.allSatisfy { $0.isASCII && $0.isNumber } || Int64($0) == nil }
        let deleted = try notebookOperation { () throws(NotebookError) in
            try database.deleteEntries(ids: ids, words: words, notebook: notebook)
        }
        printError("deleted \(deleted.count) \(deleted.count == 1 ? "entry" : "entries")")
    }
}

extension NotebookExport.Format: ExpressibleByArgument {}

struct VocabExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export entries as CSV (with a header row), one JSON array, or notes for Anki.",
        discussion: """
            Examples:
              Every entry as CSV:
                scry vocab export --db words.sqlite > words.csv
              One notebook as JSON, to a file:
                scry vocab export --db words.sqlite --notebook french --format json -o french.json
              Flash cards for Anki:
                scry vocab export --db words.sqlite --format anki -o words.txt
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "Only this notebook (default: every notebook).")
    var notebook: String?

    @Option(help: "csv, json, or anki (a text file Anki imports as notes: File > Import).")
    var format: NotebookExport.Format = .csv

    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of stdout.")
    var output: String?

    func run() throws {
        let database = try store.open()
        let entries = try notebookOperation { () throws(NotebookError) in try database.entries(notebook: notebook) }
        let text = NotebookExport.render(entries, as: format)
        if let output {
            if OutputTarget.isSameFile(FilePath(argument: output), as: FilePath(argument: database.path)) {
                throw CommandFailure(
                    message: "\(output): is the vocabulary database; refusing to write over it", status: ExitStatus.usage)
            }
            try OutputTarget(path: FilePath(argument: output)).write(Array(text.utf8), display: output)
            printError("exported \(entries.count) entries to \(output)")
        } else {
            do {
                _ = try Array(text.utf8).withUnsafeBytes { try FileDescriptor.standardOutput.writeAll($0) }
            } catch Errno.brokenPipe {
                throw OutputClosed()  // the reader has what it wanted
            } catch {
                throw CommandFailure(message: "stdout: \(error)", status: ExitStatus.ioError)
            }
        }
    }
}
