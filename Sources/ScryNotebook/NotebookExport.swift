import Foundation
import ScryCore

/// Notebook entries written out for other programs: CSV (RFC 4180, with a header row) or one
/// JSON document (an array of objects with sorted keys). Times are ISO 8601 in UTC.
public enum NotebookExport {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json
    }

    /// The columns of a CSV export, in order; also the keys of a JSON export.
    public static let columns = ["id", "notebook", "word", "context", "source", "created_at", "updated_at", "sightings"]

    public static func render(_ entries: [(entry: NotebookEntry, notebook: String)], as format: Format) -> String {
        switch format {
        case .csv:
            var text = columns.joined(separator: ",") + "\r\n"
            for (entry, notebook) in entries {
                let fields = [
                    String(entry.id ?? 0), notebook, entry.word, entry.context, entry.source,
                    timestamp(entry.createdAt), timestamp(entry.updatedAt), String(entry.sightings),
                ]
                text += fields.map(csvField).joined(separator: ",") + "\r\n"
            }
            return text
        case .json:
            let array = JSONValue.array(entries.map { json($0.entry, notebook: $0.notebook) })
            return array.serialized + "\n"
        }
    }

    /// One entry as a JSON object (the members of a `vocabulary` line and of a JSON export).
    public static func json(_ entry: NotebookEntry, notebook: String) -> JSONValue {
        .object([
            "id": .int(Int(entry.id ?? 0)), "notebook": .string(notebook), "word": .string(entry.word),
            "context": .string(entry.context), "source": .string(entry.source),
            "created_at": .string(timestamp(entry.createdAt)), "updated_at": .string(timestamp(entry.updatedAt)),
            "sightings": .int(entry.sightings),
        ])
    }

    /// `date` as ISO 8601 in UTC, to the second (2026-11-22T16:40:05Z).
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break; a leading = + - @
    /// is prefixed with ' so that spreadsheets do not run it as a formula.
    static func csvField(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
