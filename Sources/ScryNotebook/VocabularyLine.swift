import Foundation
import ScryCore

/// A notebook entry: a word read on a page (with `new` saying whether the notebook lacked it)
/// or listed, added or edited.
public struct VocabularyLine: OutputLine {
    public static let lineType = "vocabulary"

    public var entry: NotebookEntry
    public var notebook: String
    /// Whether the entry was just made (`vocab read`, `vocab add`), nil where it does not apply.
    public var isNew: Bool?

    public init(_ entry: NotebookEntry, notebook: String, isNew: Bool? = nil) {
        self.entry = entry
        self.notebook = notebook
        self.isNew = isNew
    }

    public var members: [String: JSONValue] {
        var object = NotebookExport.members(entry, notebook: notebook)
        if let isNew { object["new"] = .bool(isNew) }
        return object
    }

    public static var examples: [VocabularyLine] {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let entry = NotebookEntry(
            id: 7, notebookId: 1, word: "lantern", context: "She lit the lanterns.", source: "page.png#frame=3",
            createdAt: date, updatedAt: date, sightings: 2, forms: ["lanterns", "lantern"], partOfSpeech: "noun",
            definition: "light in a transparent protective case", translation: "farol", translationLanguage: "es")
        return [
            VocabularyLine(entry, notebook: "default", isNew: true), VocabularyLine(entry, notebook: "Kafka", isNew: false),
            VocabularyLine(entry, notebook: "default"),
        ]
    }
}

extension VocabularyLine: PlainLine {
    /// The word, a tab, its definition (and translation, after " = "), a tab, and the
    /// sentence it was met in.
    public var plainText: String? {
        var meaning = entry.definition ?? "-"
        if let translation = entry.translation { meaning += " = " + translation }
        return PlainText.oneLine(entry.word) + "\t" + PlainText.oneLine(meaning) + "\t" + PlainText.oneLine(entry.context)
    }
}
