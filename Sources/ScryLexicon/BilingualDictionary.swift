import Foundation
import ScryCore

/// An English-to-another-language dictionary of the FreeDict project in the dictd format, as
/// Debian's `dict-freedict-eng-*` packages ship it (`/usr/share/dictd/freedict-eng-ita.index`
/// and `.dict.dz`); `scripts/install-deps` keeps an uncompressed copy of each in
/// `/usr/local/share/scry/freedict`. The index lists `headword TAB offset TAB length`, the
/// numbers in dictd's base 64; an article is the headword with its pronunciation on the first
/// line, then one translation or numbered sense a line, with "Note:" lines.
public final class BilingualDictionary: Sendable {
    /// The languages Debian has an English dictionary for, by ISO 639-1 code, with their
    /// FreeDict (ISO 639-3) code and English name.
    public static let languages: [String: (code: String, name: String)] = [
        "it": ("ita", "Italian"), "de": ("deu", "German"), "fr": ("fra", "French"), "es": ("spa", "Spanish"),
        "pt": ("por", "Portuguese"), "nl": ("nld", "Dutch"),
    ]

    public static let defaultFolder = "/usr/local/share/scry/freedict"

    /// The ISO 639-1 code of the target language.
    public let language: String
    private let articles: [String: [(offset: Int, length: Int)]]
    private let dictPath: String

    /// Opens the dictionary from English to `language` (ISO 639-1, e.g. "it", or FreeDict's
    /// three letters, e.g. "ita").
    public init(language: String, folder: String = BilingualDictionary.defaultFolder) throws(LexiconError) {
        let requested = language.lowercased()
        guard let (code, entry) = Self.languages.first(where: { $0.key == requested || $0.value.code == requested }) else {
            throw .unsupportedLanguage(language)
        }
        self.language = code
        let base = folder + "/freedict-eng-" + entry.code
        dictPath = base + ".dict"
        guard let index = FileManager.default.contents(atPath: base + ".index"),
            FileManager.default.isReadableFile(atPath: dictPath)
        else { throw .missing(path: base + ".index", package: "dict-freedict-eng-\(entry.code) (scripts/install-deps)") }
        var articles: [String: [(offset: Int, length: Int)]] = [:]
        for line in Array(index).split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count >= 3, let offset = Self.base64Number(fields[1]), let length = Self.base64Number(fields[2])
            else { continue }
            articles[String(decoding: fields[0], as: UTF8.self).lowercased(), default: []].append((offset, length))
        }
        self.articles = articles
    }

    /// The translations of `word` (an English lemma), at most `limit` of them, joined with
    /// "; "; nil when the dictionary has no article for it.
    public func translation(of word: String, limit: Int = 3) -> String? {
        guard let places = articles[word], let handle = FileHandle(forReadingAtPath: dictPath) else { return nil }
        defer { try? handle.close() }
        var senses: [String] = []
        for place in places where place.length < 1 << 16 {
            guard (try? handle.seek(toOffset: UInt64(place.offset))) != nil,
                let data = try? handle.read(upToCount: place.length)
            else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst()
            for line in lines {
                var sense = line.trimmingCharacters(in: .whitespaces)
                if sense.isEmpty || sense.hasPrefix("Note:") || sense.hasPrefix("Synonym") || sense.hasPrefix("See also") {
                    continue
                }
                if let dot = sense.firstIndex(of: "."), sense[..<dot].allSatisfy(\.isNumber), !sense[..<dot].isEmpty {
                    sense = sense[sense.index(after: dot)...].trimmingCharacters(in: .whitespaces)
                }
                if !sense.isEmpty, !senses.contains(sense) { senses.append(sense) }
            }
        }
        return senses.isEmpty ? nil : senses.prefix(limit).joined(separator: "; ")
    }

    /// A number in dictd's base 64 (A-Z, a-z, 0-9, +, /; most significant digit first).
    static func base64Number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value = 0
        for digit in digits {
            let d: Int
            switch digit {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): d = Int(digit - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): d = Int(digit - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = Int(digit - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): d = 62
            case UInt8(ascii: "/"): d = 63
            default: return nil
            }
            value = value * 64 + d
        }
        return value
    }
}
