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
        case .database(let reason): "vocabulary database: \(reason)"
        }
    }
}
