import ArgumentParser
import Foundation
import Glibc
import ScryCore
import ScryLexicon
import ScryNotebook

/// The entries of a word: its lemma, or any form it was printed in. With WordNet at hand a
/// word typed in another form ("rowed") finds its lemma's entries ("row").
private func entriesOfWord(
    _ word: String, notebook: String?, in database: VocabularyDatabase
) throws -> [(entry: NotebookEntry, notebook: String)] {
    do { return try database.entries(word: word, notebook: notebook) } catch {
        guard case .noSuchWord = error, let wordNet = try? WordNet() else { throw CommandFailure(error) }
        let lemma = Lemmatizer(wordNet: wordNet).baseForm(of: word.lowercased()).lemma
        guard lemma != word.lowercased() else { throw CommandFailure(error) }
        return try notebookOperation { () throws(NotebookError) in try database.entries(word: lemma, notebook: notebook) }
    }
}

struct VocabShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a word's entries (by its lemma or a form it was printed in), one JSON line each.",
        discussion: """
            Examples:
              The entry of "row", also found as "rowed":
                scry vocab show --db words.sqlite rowed --plain
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "Only this notebook (default: every notebook).")
    var notebook: String?

    @Argument(help: "The word.")
    var word: String

    @Flag(help: "Print for a person instead of JSON lines: the word, its meaning and its sentence.")
    var plain = false

    func run() throws {
        let database = try store.open()
        let output = Output(plain: plain)
        for (entry, title) in try entriesOfWord(word, notebook: notebook, in: database) {
            try output.emit(VocabularyLine(entry, notebook: title))
        }
    }
}

struct VocabMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a word's entry to another notebook (made when missing).",
        discussion: """
            Where the other notebook has the word already, the two entries become one (its \\
            sentence and meaning, both entries' forms, their sightings added up). A word in \\
            several notebooks needs --notebook.

            Examples:
              "lantern" into the notebook "learned":
                scry vocab move --db words.sqlite lantern --to learned
            """)

    @OptionGroup var store: VocabularyStoreOptions

    @Option(help: "The notebook the word is in (needed when it is in several).")
    var notebook: String?

    @Option(help: "The notebook to move it to.")
    var to: String

    @Argument(help: "The word (its lemma or a form it was printed in).")
    var word: String

    func run() throws {
        let database = try store.open()
        let found = try entriesOfWord(word, notebook: notebook, in: database)
        let lemma = found.first?.entry.word ?? word
        let moved = try notebookOperation { () throws(NotebookError) in
            try database.move(word: lemma, from: notebook, to: to)
        }
        try Output().emit(VocabularyLine(moved.entry, notebook: moved.notebook))
    }
}

struct VocabKnownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "known",
        abstract: "The learner's known words: never added to a notebook again.",
        discussion: """
            Words are kept as lemmas (WordNet): 'known add rowed' marks "row" known. Marking a \\
            word known removes its entries from every notebook: asked on a terminal, else \\
            refused (status 64) unless --yes is given.

            Examples:
              Two words known:
                scry vocab known add --db words.sqlite lantern harbour --yes
              The list, one word a line:
                scry vocab known list --db words.sqlite --plain
            """,
        subcommands: [VocabKnownAddCommand.self, VocabKnownRemoveCommand.self, VocabKnownListCommand.self])
}

/// The words given to `vocab known add` and `remove`, taken as lemmas.
struct KnownWordsArguments: ParsableArguments {
    @Argument(help: "The words.")
    var words: [String]

    func validate() throws {
        if words.isEmpty { throw ValidationError("no words given") }
    }

    /// The words as lemmas (as typed when WordNet is missing).
    var lemmas: [String] {
        let lemmatizer = (try? WordNet()).map(Lemmatizer.init)
        return words.map { word in lemmatizer?.baseForm(of: word.lowercased()).lemma ?? word.lowercased() }
    }
}

struct VocabKnownAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Mark words known (one known_word JSON line each).")

    @OptionGroup var store: VocabularyStoreOptions

    @Flag(help: "Remove the words' entries from their notebooks without asking.")
    var yes = false

    @OptionGroup var words: KnownWordsArguments

    func run() throws {
        let database = try store.open()
        let lemmas = words.lemmas
        var confirmed = yes
        if !yes {
            var holding: [String] = []
            for lemma in lemmas {
                let notebooks = try notebookOperation { () throws(NotebookError) in try database.notebooks(holding: lemma) }
                if !notebooks.isEmpty { holding.append("\"\(lemma)\" (in " + notebooks.joined(separator: ", ") + ")") }
            }
            if !holding.isEmpty, isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 {
                printError("remove the entries of " + holding.joined(separator: ", ") + "? [y/N] ")
                confirmed = (readLine() ?? "").lowercased().hasPrefix("y")
                if !confirmed { throw CommandFailure(message: "nothing changed", status: ExitStatus.usage) }
            }
        }
        let removed = try notebookOperation { () throws(NotebookError) in
            try database.markKnown(lemmas, removingEntries: confirmed)
        }
        if !removed.isEmpty { printError("removed \(removed.count) \(removed.count == 1 ? "entry" : "entries") from notebooks") }
        let known = try notebookOperation { () throws(NotebookError) in try database.knownWords() }
        let output = Output()
        for word in known where lemmas.contains(word.word) { try output.emit(KnownWordLine(word)) }
    }
}

struct VocabKnownRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Take words off the list of known words (all or none).")

    @OptionGroup var store: VocabularyStoreOptions

    @OptionGroup var words: KnownWordsArguments

    func run() throws {
        let database = try store.open()
        let lemmas = words.lemmas
        try notebookOperation { () throws(NotebookError) in try database.unmarkKnown(lemmas) }
        printError("\(lemmas.count) \(lemmas.count == 1 ? "word" : "words") no longer known")
    }
}

struct VocabKnownListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the known words, one known_word JSON line each.")

    @OptionGroup var store: VocabularyStoreOptions

    @Flag(help: "Print one word a line instead of JSON lines.")
    var plain = false

    func run() throws {
        let database = try store.open()
        let output = Output(plain: plain)
        for word in try notebookOperation({ () throws(NotebookError) in try database.knownWords() }) {
            try output.emit(KnownWordLine(word))
        }
    }
}
