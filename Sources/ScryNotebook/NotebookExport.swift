import Foundation
import ScryCore

/// Notebook entries written out for other programs: CSV (RFC 4180, with a header row), one
/// JSON document (an array of objects with sorted keys), or Anki's text import (`anki`: one
/// note per entry, see `AnkiNotes`). Times are ISO 8601 in UTC.
public enum NotebookExport {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json, anki
    }

    /// The columns of a CSV export, in order; also the keys of a JSON export. `forms` is one
    /// cell of space-separated forms in CSV, an array in JSON; a missing definition or
    /// translation is an empty cell in CSV, null in JSON.
    public static let columns = [
        "id", "notebook", "word", "lemma", "forms", "part_of_speech", "definition", "translation",
        "translation_language", "context", "source", "created_at", "updated_at", "sightings",
    ]

    public static func render(_ entries: [(entry: NotebookEntry, notebook: String)], as format: Format) -> String {
        switch format {
        case .csv:
            var text = columns.joined(separator: ",") + "\r\n"
            for (entry, notebook) in entries {
                let fields = [
                    String(entry.id ?? 0), notebook, entry.word, entry.word, entry.forms.joined(separator: " "),
                    entry.partOfSpeech ?? "", entry.definition ?? "", entry.translation ?? "",
                    entry.translationLanguage ?? "", entry.context, entry.source,
                    timestamp(entry.createdAt), timestamp(entry.updatedAt), String(entry.sightings),
                ]
                text += fields.map(csvField).joined(separator: ",") + "\r\n"
            }
            return text
        case .json:
            let array = JSONValue.array(entries.map { json($0.entry, notebook: $0.notebook) })
            return array.serialized + "\n"
        case .anki:
            return AnkiNotes.render(entries)
        }
    }

    /// One entry as a JSON object (the members of a `vocabulary` line and of a JSON export).
    public static func json(_ entry: NotebookEntry, notebook: String) -> JSONValue {
        .object(members(entry, notebook: notebook))
    }

    /// The members of one entry's JSON object.
    static func members(_ entry: NotebookEntry, notebook: String) -> [String: JSONValue] {
        [
            "id": .int(Int(entry.id ?? 0)), "notebook": .string(notebook), "word": .string(entry.word),
            "lemma": .string(entry.word), "forms": .array(entry.forms.map(JSONValue.string)),
            "part_of_speech": entry.partOfSpeech.map(JSONValue.string) ?? .null,
            "definition": entry.definition.map(JSONValue.string) ?? .null,
            "translation": entry.translation.map(JSONValue.string) ?? .null,
            "translation_language": entry.translationLanguage.map(JSONValue.string) ?? .null,
            "context": .string(entry.context), "source": .string(entry.source),
            "created_at": .string(timestamp(entry.createdAt)), "updated_at": .string(timestamp(entry.updatedAt)),
            "sightings": .int(entry.sightings),
        ]
    }

    /// `date` as ISO 8601 in UTC, to the second (2026-11-22T16:40:05Z).
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    /// The characters that make a spreadsheet read a cell as a formula when it starts with
    /// one: OWASP's list for CSV injection (= + - @, tab, carriage return), line feed too, and
    /// their full-width forms, which some spreadsheets fold to the ASCII ones.
    static let formulaStarters: Set<Unicode.Scalar> = [
        "=", "+", "-", "@", "\t", "\r", "\n", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}",
    ]

    /// A CSV field, quoted when it holds a comma, a quote or a line break; a field starting
    /// with one of `formulaStarters` is prefixed with ' so that spreadsheets do not run it.
    static func csvField(_ value: String) -> String {
        var value = value
        // By scalar: "\r\n" is one Character, and would hide a leading carriage return.
        if let first = value.unicodeScalars.first, formulaStarters.contains(first) { value = "'" + value }
        let needsQuotes = value.unicodeScalars.contains {
            $0 == "," || $0 == "\"" || $0.value < 0x20 || Character($0).isNewline
        }
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
