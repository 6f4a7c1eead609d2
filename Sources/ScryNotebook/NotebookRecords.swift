import Foundation
import GRDB
import ScryLexicon

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

/// One word of a notebook: the word (its lemma, lower case, unique within its notebook), the
/// forms it was printed in, the sentence it was read in, where it was read (an image file, or
/// a dump and frame number), when, and what it means.
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
    /// The forms it was printed in, lower case, in the order met (the lemma itself when it
    /// was added by hand). Stored as a JSON array.
    public var forms: [String]
    /// The part of speech it was read as (noun, verb, adjective, adverb), when known.
    public var partOfSpeech: String?
    /// A short English definition (WordNet's gloss); nil when the lexicon has none.
    public var definition: String?
    /// Its translation (FreeDict), with `translationLanguage`; nil when none was asked for or
    /// the dictionary has none.
    public var translation: String?
    /// The ISO 639-1 code of `translation`'s language.
    public var translationLanguage: String?

    public init(
        id: Int64? = nil, notebookId: Int64, word: String, context: String, source: String,
        createdAt: Date, updatedAt: Date, sightings: Int = 1, forms: [String]? = nil, partOfSpeech: String? = nil,
        definition: String? = nil, translation: String? = nil, translationLanguage: String? = nil
    ) {
        self.forms = forms ?? [word]
        self.partOfSpeech = partOfSpeech
        self.definition = definition
        self.translation = translation
        self.translationLanguage = translationLanguage
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

/// A word the learner knows, never added to a notebook again.
public struct KnownWord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "knownWord"
    /// The word's lemma, lower case.
    public var word: String
    /// When it was marked known (UTC).
    public var addedAt: Date

    public init(word: String, addedAt: Date) {
        self.word = word
        self.addedAt = addedAt
    }
}
