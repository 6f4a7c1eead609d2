import ScryCore
/// The line syntax shared by vCard and iCalendar: `NAME;PARAM=X:value` lines, where a line
/// starting with a space or tab continues the one before (folding).
struct ContentLine {
    /// The property name, upper-cased (`TEL`, `DTSTART`).
    var name: String
    /// Parameters, names upper-cased (`TYPE` -> `cell,voice`); a bare parameter (vCard 2.1's
    /// `TEL;CELL:`) is kept as `TYPE`.
    var parameters: [String: String]
    var value: String

    /// The content lines of `text`, unfolded; lines with no colon are skipped.
    static func parse(_ text: String) -> [ContentLine] {
        var unfolded: [String] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            if let first = raw.first, first == " " || first == "\t", !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += raw.dropFirst()
            } else {
                unfolded.append(String(raw))
            }
        }
        return unfolded.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)
            guard let rawName = head.first, !rawName.isEmpty else { return nil }
            // vCard groups ("item1.TEL") are dropped.
            let name = String(rawName.split(separator: ".").last ?? rawName).uppercased()
            var parameters: [String: String] = [:]
            for parameter in head.dropFirst() {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                if parts.count == 2 {
                    parameters[parts[0].uppercased()] = parts[1].lowercased()
                } else if let bare = parts.first {
                    parameters["TYPE"] = [parameters["TYPE"], bare.lowercased()].compactMap { $0 }.joined(separator: ",")
                }
            }
            return ContentLine(name: name, parameters: parameters, value: String(line[line.index(after: colon)...]))
        }
    }

    /// `value` with vCard/iCalendar escapes undone (`\n`, `\,`, `\;`, `\\`).
    static func unescaped(_ value: Substring) -> String {
        var out = ""
        var escaped = false
        for character in value {
            if escaped {
                out.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// `value` split at unescaped `separator`, each part unescaped (vCard's structured N and ADR).
    static func components(_ value: String, separator: Character = ";") -> [String] {
        var parts: [String] = []
        var current = Substring()
        var start = value.startIndex
        var index = value.startIndex
        var escaped = false
        while index < value.endIndex {
            let character = value[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == separator {
                current = value[start..<index]
                parts.append(unescaped(current))
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        parts.append(unescaped(value[start...]))
        return parts
    }
}
