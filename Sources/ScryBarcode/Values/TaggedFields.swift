import ScryCore
/// The `TAG:value;TAG:value;;` syntax of MECARD, WIFI, MATMSG, SMSTO-like and MEBKM
/// payloads: fields end at an unescaped `;`, and `\;`, `\:`, `\,` and `\\` stand for the
/// character itself.
struct TaggedFields {
    /// Every field in order, tags upper-cased; a tag may repeat (MECARD's TEL).
    private(set) var fields: [(tag: String, value: String)] = []

    /// Parses `body`, the text after the payload's scheme (`MECARD:` and the like).
    init(_ body: Substring) {
        var current = ""
        var escaped = false
        for character in body {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                add(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        add(current)
    }

    private mutating func add(_ field: String) {
        guard let colon = field.firstIndex(of: ":") else { return }
        let tag = field[..<colon].uppercased()
        guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return }
        fields.append((tag, String(field[field.index(after: colon)...])))
    }

    /// The first value for `tag`.
    func first(_ tag: String) -> String? { fields.first { $0.tag == tag }?.value }

    /// Every value for `tag`, in order.
    func all(_ tag: String) -> [String] { fields.filter { $0.tag == tag }.map(\.value) }
}

/// Decodes `%XX` escapes of a URI component (and `+` as space when `plusIsSpace`); an
/// invalid escape is kept as written, and bytes that are not UTF-8 leave the text undecoded.
func percentDecoded(_ text: Substring, plusIsSpace: Bool = false) -> String {
    var bytes: [UInt8] = []
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
        let byte = utf8[index]
        if byte == UInt8(ascii: "%"),
            let first = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), first < utf8.endIndex,
            let second = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), second < utf8.endIndex,
            let high = hexValue(utf8[first]), let low = hexValue(utf8[second])
        {
            bytes.append(high << 4 | low)
            index = utf8.index(after: second)
            continue
        }
        bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index = utf8.index(after: index)
    }
    return String(validating: bytes, as: UTF8.self) ?? String(text)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

/// The query parameters of a URI (`a=1&b=2`), names lower-cased, values percent-decoded.
func queryParameters(_ query: Substring) -> [String: String] {
    var parameters: [String: String] = [:]
    for pair in query.split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = percentDecoded(parts[0]).lowercased()
        if parameters[name] == nil {
            parameters[name] = parts.count > 1 ? percentDecoded(parts[1], plusIsSpace: true) : ""
        }
    }
    return parameters
}
