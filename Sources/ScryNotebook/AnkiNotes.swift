import ScryCore
import ScryLexicon

/// Notebook entries as a file Anki imports as notes (File > Import, Anki 2.1.55 or later):
/// tab-separated text with Anki's file headers, one "Basic" note per entry. Front: the word.
/// Back: its part of speech, definition, translation and the sentence it was read in (the
/// forms printed there in bold). Each note goes to the deck `Scry::<notebook>` and has a GUID
/// made from the entry's notebook and id (`scry-<notebookId>-<id>`), so that importing a newer
/// export updates the notes instead of adding them again. Fields are HTML, escaped; tabs and
/// line breaks become spaces.
public enum AnkiNotes {
    public static func render(_ entries: [(entry: NotebookEntry, notebook: String)]) -> String {
        var text = """
            #separator:tab
            #html:true
            #notetype:Basic
            #guid column:1
            #deck column:2
            #tags column:5
            #columns:GUID\tDeck\tFront\tBack\tTags

            """
        for (entry, notebook) in entries {
            var back: [String] = []
            if let part = entry.partOfSpeech { back.append("<i>\(escaped(part))</i>") }
            back.append(entry.definition.map(escaped) ?? "(no definition in WordNet)")
            if let translation = entry.translation {
                back.append("<b>\(escaped(entry.translationLanguage ?? ""))</b>: \(escaped(translation))")
            }
            if !entry.context.isEmpty { back.append("“\(context(entry))”") }
            let fields = [
                "scry-\(entry.notebookId)-\(entry.id ?? 0)", "Scry::" + escaped(notebook), escaped(entry.word),
                back.joined(separator: "<br>"), ["scry", entry.partOfSpeech].compactMap { $0 }.joined(separator: " "),
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// The entry's sentence, escaped, with the forms of its word in bold.
    static func context(_ entry: NotebookEntry) -> String {
        let forms = Set(entry.forms + [entry.word])
        var out = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            out += forms.contains(word.lowercased()) ? "<b>\(escaped(word))</b>" : escaped(word)
            word = ""
        }
        for character in entry.context {
            if character.isLetter || character == "'" || character == "’" {
                word.append(character)
            } else {
                flush()
                out += escaped(String(character))
            }
        }
        flush()
        return out
    }

    /// `text` as HTML text: & < > " escaped; tabs, line breaks and other control characters
    /// as spaces (they would end a field or a note).
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
