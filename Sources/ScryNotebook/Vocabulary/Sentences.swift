import ScryCore
/// Running text made from a page's recognized lines, split into sentences.
public enum Sentences {
    /// Joins `lines` (in reading order) into running text: a word broken with a hyphen at the
    /// end of a line is joined again (`exam-` + `ple` gives `example`) when `isWord` knows the
    /// joined form, and keeps its hyphen otherwise (`well-` + `known`).
    public static func runningText(_ lines: [String], isWord: (String) -> Bool) -> String {
        var text = ""
        for line in lines {
            let line = line.trimmingWhitespace
            guard !line.isEmpty else { continue }
            if text.last == "-", let before = text.dropLast().last, before.isLetter,
                let after = line.first, after.isLetter
            {
                let head = text.dropLast().reversed().prefix(while: \.isLetter).reversed()
                let tail = line.prefix(while: \.isLetter)
                if isWord(String(head) + String(tail)) { text.removeLast() }
                text += line
            } else {
                if !text.isEmpty { text += " " }
                text += line
            }
        }
        return text
    }

    /// `lines` with each heading ended as a sentence of its own (a "." added), so that a page's
    /// title or running head is not glued to the first sentence after it. A heading is a line
    /// that does not end as a sentence or a broken line does (. ! ? : ; , - or a closing
    /// quote), is followed by a line starting with a capital letter, a digit or an opening
    /// quote, and is either written in capitals or shorter than 60% of the page's median line.
    public static func headingsSetApart(_ lines: [String]) -> [String] {
        let trimmed = lines.map(\.trimmingWhitespace)
        let lengths = trimmed.map(\.count).filter { $0 > 0 }.sorted()
        guard lengths.count >= 2 else { return trimmed }
        let median = lengths[lengths.count / 2]
        return trimmed.indices.map { index in
            let line = trimmed[index]
            guard let last = line.last, !".!?:;,-\"'’”)]…".contains(last),
                let next = trimmed[(index + 1)...].first(where: { !$0.isEmpty }), let start = next.first,
                start.isUppercase || start.isNumber || "\"'‘“(".contains(start)
            else { return line }
            let letters = line.filter(\.isLetter)
            let inCapitals = letters.count >= 2 && letters.allSatisfy { !$0.isLowercase }
            guard inCapitals || line.count * 10 < median * 6 else { return line }
            return line + "."
        }
    }

    /// The sentences of `text`, each trimmed with its white space collapsed. A sentence ends
    /// at `.`, `!` or `?` (and any closing quotes or brackets) before white space or the end,
    /// except after a common abbreviation (Mr., e.g., etc.).
    public static func split(_ text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        var index = 0
        func close() {
            let sentence = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !sentence.isEmpty { sentences.append(sentence) }
            current = ""
        }
        while index < characters.count {
            let character = characters[index]
            current.append(character)
            index += 1
            guard ".!?".contains(character) else { continue }
            while index < characters.count, "\"')]’”»".contains(characters[index]) {
                current.append(characters[index])
                index += 1
            }
            let atBreak = index == characters.count || characters[index].isWhitespace
            if atBreak && !(character == "." && endsWithAbbreviation(current)) { close() }
        }
        close()
        return sentences
    }

    private static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "e.g", "i.e", "cf", "fig",
    ]

    private static func endsWithAbbreviation(_ text: String) -> Bool {
        let word = text.dropLast().reversed().prefix { !$0.isWhitespace && $0 != "(" }.reversed()
        return abbreviations.contains(String(word).lowercased())
    }
}
