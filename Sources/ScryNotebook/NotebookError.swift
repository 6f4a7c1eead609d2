/// Why a notebook operation failed.
public enum NotebookError: Error, Equatable, CustomStringConvertible {
    /// The database file could not be opened or created (missing folder, no permission).
    case cannotOpen(path: String, reason: String)
    /// The file is not a vocabulary database (not SQLite, or corrupt).
    case notANotebookDatabase(path: String, reason: String)
    case noSuchNotebook(String)
    case noSuchEntry(Int64)
    case notebookExists(String)
    /// The word is empty or holds white space or control characters.
    case invalidWord(String)
    case invalidTitle(String)
    /// The word is already in that notebook (an edit that would make a duplicate).
    case duplicateWord(String, notebook: String)
    /// No entry holds that word (as its lemma or one of its forms).
    case noSuchWord(String, notebook: String?)
    /// The word is in several notebooks and the operation needs one (`--notebook`).
    case wordInSeveralNotebooks(String, notebooks: [String])
    /// Marking a word known would remove entries, and that was not confirmed.
    case knownWordHasEntries(String, notebooks: [String])
    /// The word is on the learner's list of known words, so it is not added.
    case knownWord(String)
    /// The word is not on the learner's list of known words.
    case notAKnownWord(String)
    /// Any other database failure (disk full, locked for too long).
    case database(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open the vocabulary database: \(reason)"
        case .notANotebookDatabase(let path, let reason): "\(path): not a vocabulary database: \(reason)"
        case .noSuchNotebook(let title): "no notebook titled \"\(title)\" (see 'scry vocab notebooks')"
        case .noSuchEntry(let id): "no entry \(id) (see 'scry vocab list')"
        case .notebookExists(let title): "a notebook titled \"\(title)\" exists already"
        case .invalidWord(let word): "not a word: \"\(word)\" (one word, no spaces or control characters)"
        case .invalidTitle(let title): "not a notebook title: \"\(title)\" (1 to 200 characters, no control characters)"
        case .duplicateWord(let word, let notebook): "\"\(word)\" is in notebook \"\(notebook)\" already"
        case .noSuchWord(let word, let notebook):
            "no entry for \"\(word)\"" + (notebook.map { " in notebook \"\($0)\"" } ?? "") + " (see 'scry vocab list')"
        case .wordInSeveralNotebooks(let word, let notebooks):
            "\"\(word)\" is in notebooks " + notebooks.map { "\"\($0)\"" }.joined(separator: ", ") + ": name one with --notebook"
        case .knownWordHasEntries(let word, let notebooks):
            "\"\(word)\" has entries in notebooks " + notebooks.map { "\"\($0)\"" }.joined(separator: ", ")
                + ": marking it known removes them; give --yes"
        case .knownWord(let word):
            "\"\(word)\" is on the list of known words (take it off with 'scry vocab known remove \(word)')"
        case .notAKnownWord(let word): "\"\(word)\" is not on the list of known words (see 'scry vocab known list')"
        case .database(let reason): "vocabulary database: \(reason)"
        }
    }
}
