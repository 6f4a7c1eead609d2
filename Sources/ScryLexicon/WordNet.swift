import Foundation
import ScryCore

/// Princeton WordNet 3.0 as Debian's `wordnet-base` installs it (`/usr/share/wordnet`): the
/// lemmas of each part of speech with their senses (`index.noun` ...), the irregular forms
/// (`noun.exc` ...), and the glosses (`data.noun` ..., read by byte offset when asked).
/// Lemmas are lower case, with `_` between the words of a collocation.
public final class WordNet: Sendable {
    /// A part of speech as WordNet files it.
    public enum PartOfSpeech: String, Sendable, CaseIterable, Comparable {
        case noun, verb, adjective = "adj", adverb = "adv"

        /// The name used in output: noun, verb, adjective, adverb.
        public var name: String {
            switch self {
            case .noun: "noun"
            case .verb: "verb"
            case .adjective: "adjective"
            case .adverb: "adverb"
            }
        }

        public static func < (a: Self, b: Self) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A lemma's entry in one part of speech's index.
    struct IndexEntry: Sendable {
        /// How many of its senses were tagged in WordNet's semantic concordance: how common the
        /// word is in this part of speech.
        var taggedSenses: Int
        /// Byte offsets of its synsets in the data file, most frequent sense first.
        var synsetOffsets: [Int]
    }

    /// The folder holding the files.
    public let folder: String
    private let index: [PartOfSpeech: [String: IndexEntry]]
    private let exceptions: [PartOfSpeech: [String: [String]]]

    /// Debian's place for the files.
    public static let defaultFolder = "/usr/share/wordnet"

    /// Reads the index and exception files of `folder`. Throws `LexiconError.missing` when one
    /// cannot be read.
    public init(folder: String = WordNet.defaultFolder) throws(LexiconError) {
        self.folder = folder
        var index: [PartOfSpeech: [String: IndexEntry]] = [:]
        var exceptions: [PartOfSpeech: [String: [String]]] = [:]
        for part in PartOfSpeech.allCases {
            index[part] = Self.parseIndex(try Self.read(folder + "/index." + part.rawValue))
            exceptions[part] = Self.parseExceptions(try Self.read(folder + "/" + part.rawValue + ".exc"))
        }
        self.index = index
        self.exceptions = exceptions
    }

    private static func read(_ path: String) throws(LexiconError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .missing(path: path, package: "wordnet-base")
        }
        return Array(data)
    }

    /// `lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...`;
    /// the licence at the top is indented with two spaces.
    private static func parseIndex(_ bytes: [UInt8]) -> [String: IndexEntry] {
        var entries: [String: IndexEntry] = [:]
        entries.reserveCapacity(bytes.count / 40)
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: " ") {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count >= 6, let synsets = Int(ascii: fields[2]), let pointers = Int(ascii: fields[3]) else {
                continue
            }
            let tagged = 4 + pointers + 1
            guard fields.count >= tagged + 1 + synsets, let taggedSenses = Int(ascii: fields[tagged]) else { continue }
            let offsets = fields[(tagged + 1)..<(tagged + 1 + synsets)].compactMap { Int(ascii: $0) }
            entries[String(decoding: fields[0], as: UTF8.self)] = IndexEntry(
                taggedSenses: taggedSenses, synsetOffsets: offsets)
        }
        return entries
    }

    /// `inflected-form base-form...`, one irregular form a line.
    private static func parseExceptions(_ bytes: [UInt8]) -> [String: [String]] {
        var map: [String: [String]] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count >= 2 else { continue }
            map[fields[0], default: []].append(contentsOf: fields.dropFirst())
        }
        return map
    }

    /// Whether `lemma` (lower case) is a lemma of `part`.
    public func isLemma(_ lemma: String, _ part: PartOfSpeech) -> Bool { index[part]?[lemma] != nil }

    /// How many of `lemma`'s senses in `part` were tagged in WordNet's semantic concordance
    /// (0 when none were, or it is not a lemma of `part`): how common it is.
    public func taggedSenses(of lemma: String, _ part: PartOfSpeech) -> Int { index[part]?[lemma]?.taggedSenses ?? 0 }

    /// The parts of speech `lemma` has, the most common first (by tagged senses, then in
    /// WordNet's order noun, verb, adjective, adverb).
    public func partsOfSpeech(of lemma: String) -> [PartOfSpeech] {
        PartOfSpeech.allCases.compactMap { part in index[part]?[lemma].map { (part, $0.taggedSenses) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
    }

    /// The irregular base forms WordNet lists for `form` in `part` (`went` → `go`).
    public func irregularBaseForms(of form: String, _ part: PartOfSpeech) -> [String] {
        exceptions[part]?[form] ?? []
    }

    /// WordNet's detachment rules (morphy(7WN)): endings replaced to reach a base form.
    static let detachments: [PartOfSpeech: [(ending: String, replacement: String)]] = [
        .noun: [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y")],
        .verb: [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")],
        .adjective: [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
        .adverb: [],
    ]

    /// The base forms morphy(7WN) finds for `form` in `part`, in its order: the irregular
    /// forms of the exception list, else `form` itself when it is a lemma, and the lemmas
    /// reached by the detachment rules.
    public func baseForms(of form: String, _ part: PartOfSpeech) -> [String] {
        var found: [String] = []
        func add(_ lemma: String) { if isLemma(lemma, part), !found.contains(lemma) { found.append(lemma) } }
        for lemma in irregularBaseForms(of: form, part) { add(lemma) }
        if !found.isEmpty { return found }
        add(form)
        for (ending, replacement) in Self.detachments[part] ?? [] where form.hasSuffix(ending) && form.count > ending.count {
            add(String(form.dropLast(ending.count)) + replacement)
        }
        return found
    }

    /// The gloss of `lemma`'s most frequent sense in `part`: its definition, without the
    /// examples that follow it. Nil when `lemma` is not a lemma of `part`.
    public func definition(of lemma: String, _ part: PartOfSpeech) -> String? {
        guard let offset = index[part]?[lemma]?.synsetOffsets.first else { return nil }
        return gloss(at: offset, in: part)
    }

    /// The gloss of the synset at byte `offset` of `data.<part>`: the line's text after `| `,
    /// cut before its first quoted example.
    func gloss(at offset: Int, in part: PartOfSpeech) -> String? {
        guard let handle = FileHandle(forReadingAtPath: folder + "/data." + part.rawValue) else { return nil }
        defer { try? handle.close() }
        do { try handle.seek(toOffset: UInt64(offset)) } catch { return nil }
        guard let chunk = try? handle.read(upToCount: 8192) else { return nil }
        let line = chunk.prefix { $0 != UInt8(ascii: "\n") }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix(String(format: "%08d", offset)), let bar = text.range(of: " | ") else { return nil }
        var gloss = String(text[bar.upperBound...]).trimmingCharacters(in: .whitespaces)
        if let example = gloss.range(of: "; \"") { gloss = String(gloss[..<example.lowerBound]) }
        if gloss.hasPrefix("\"") { return nil }  // only examples
        return gloss.trimmingCharacters(in: CharacterSet(charactersIn: " ;"))
    }
}

extension Int {
    /// A non-negative decimal number written in ASCII digits.
    init?(ascii digits: ArraySlice<UInt8>) {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        self = value
    }
}
