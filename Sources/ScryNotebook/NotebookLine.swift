import Foundation
import ScryCore

/// `scry vocab notebooks`: one notebook and how many entries it holds.
public struct NotebookLine: OutputLine {
    public static let lineType = "notebook"

    public var summary: NotebookSummary

    public init(_ summary: NotebookSummary) { self.summary = summary }

    public var members: [String: JSONValue] {
        [
            "id": .int(Int(summary.notebook.id ?? 0)), "title": .string(summary.notebook.title),
            "entries": .int(summary.entryCount), "created_at": .string(NotebookExport.timestamp(summary.notebook.createdAt)),
        ]
    }

    public static var examples: [NotebookLine] {
        [
            NotebookLine(
                NotebookSummary(
                    notebook: Notebook(id: 1, title: "default", createdAt: Date(timeIntervalSince1970: 1_795_000_000)),
                    entryCount: 42))
        ]
    }
}
