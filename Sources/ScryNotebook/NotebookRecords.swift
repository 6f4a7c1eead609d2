import Foundation
import GRDB

/// A named collection of vocabulary entries. Titles are unique, compared without case.
public struct Notebook: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "notebook"
    public var id: Int64?
    public var title: String
    /// When the notebook was made (UTC).
    public var createdAt: Date

    public init(id: Int64? = nil, title: String, createdAt: Date) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// One word of a notebook: the word (lower case, unique within its notebook), the sentence it
/// was read in, where it was read (an image file, or a dump and frame number), and when.
public struct NotebookEntry: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "entry"
    public var id: Int64?
    public var notebookId: Int64
    public var word: String
    public var context: String
    public var source: String
    /// When the word was first added (UTC).
    public var createdAt: Date
    /// When the entry last changed: seen again, or edited (UTC).
    public var updatedAt: Date
    /// How many times the word has been added: read on a page again or added by hand.
    public var sightings: Int

    public init(
        id: Int64? = nil, notebookId: Int64, word: String, context: String, source: String,
        createdAt: Date, updatedAt: Date, sightings: Int = 1
    ) {
        self.id = id
        self.notebookId = notebookId
        self.word = word
        self.context = context
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.sightings = sightings
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A notebook with the number of its entries.
public struct NotebookSummary: Sendable, Equatable {
    public var notebook: Notebook
    public var entryCount: Int

    public init(notebook: Notebook, entryCount: Int) {
        self.notebook = notebook
        self.entryCount = entryCount
    }
}
