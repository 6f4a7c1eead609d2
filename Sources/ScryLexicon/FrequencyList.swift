import Foundation
import ScryCore

/// How common a language's words are, from the `wordfreq` package's "large" lists
/// (Robyn Speer's wordfreq 3.1.1 on PyPI; data CC BY-SA 4.0, from Wikipedia, subtitles,
/// news, books, web text and more), which `scripts/install-deps` unpacks to
/// `/usr/local/share/scry/wordfreq/large_en.msgpack` (and `large_it`, `large_fr`, ... for the
/// ink models' other languages). The file is wordfreq's "cBpack": a
/// MessagePack array whose first element is a header and whose element i (from 1) lists the
/// words of frequency 10^(-i/100), the most frequent bin first.
public struct FrequencyList: Sendable {
    /// Each word's rank: 1 for the most frequent ("the").
    private let ranks: [String: Int]
    /// Each word's frequency (occurrences per word of text).
    private let frequencies: [String: Double]
    /// The words in order, most frequent first.
    public let words: [String]

    public static let defaultPath = path(language: "en")

    /// Where `scripts/install-deps` unpacks wordfreq's "large" list of `language` (its code:
    /// en, it, fr, de, es, pt, nl).
    public static func path(language: String) -> String { "/usr/local/share/scry/wordfreq/large_\(language).msgpack" }

    /// Reads the list at `path`.
    public init(path: String = FrequencyList.defaultPath) throws(LexiconError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .missing(path: path, package: "wordfreq (scripts/install-deps)")
        }
        guard let bins = CentibelPack.bins(Array(data)) else { throw .malformed(path: path) }
        self.init(bins: bins)
    }

    /// A list from its bins: `bins[i]` holds the words of frequency 10^(-(i+1)/100).
    public init(bins: [[String]]) {
        var words: [String] = []
        var ranks: [String: Int] = [:]
        var frequencies: [String: Double] = [:]
        for (index, bin) in bins.enumerated() {
            let frequency = pow(10, -Double(index + 1) / 100)
            for word in bin where ranks[word] == nil {
                words.append(word)
                ranks[word] = words.count
                frequencies[word] = frequency
            }
        }
        self.words = words
        self.ranks = ranks
        self.frequencies = frequencies
    }

    /// `word`'s rank (1 is the most frequent), or nil when the list lacks it.
    public func rank(of word: String) -> Int? { ranks[word] }

    /// `word`'s frequency, or 0 when the list lacks it.
    public func frequency(of word: String) -> Double { frequencies[word] ?? 0 }
}

/// Reads wordfreq's cBpack files: a MessagePack array of a header map and arrays of strings.
/// Only the MessagePack types such a file uses are read; anything else makes the file
/// malformed.
enum CentibelPack {
    static func bins(_ bytes: [UInt8]) -> [[String]]? {
        var reader = Reader(bytes: bytes)
        guard let count = reader.arrayHeader(), count >= 1, reader.skipHeader() else { return nil }
        var bins: [[String]] = []
        for _ in 1..<count {
            guard let size = reader.arrayHeader() else { return nil }
            var bin: [String] = []
            bin.reserveCapacity(size)
            for _ in 0..<size {
                guard let word = reader.string() else { return nil }
                bin.append(word)
            }
            bins.append(bin)
        }
        return bins
    }

    struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func bigEndian(_ count: Int) -> Int? {
            guard count <= 4, position + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count { value = value << 8 | Int(bytes[position]); position += 1 }
            return value
        }

        mutating func arrayHeader() -> Int? {
            guard let first = byte() else { return nil }
            switch first {
            case 0x90...0x9f: return Int(first & 0x0f)
            case 0xdc: return bigEndian(2)
            case 0xdd: return bigEndian(4)
            default: return nil
            }
        }

        mutating func string() -> String? {
            guard let first = byte() else { return nil }
            let length: Int?
            switch first {
            case 0xa0...0xbf: length = Int(first & 0x1f)
            case 0xd9: length = bigEndian(1)
            case 0xda: length = bigEndian(2)
            case 0xdb: length = bigEndian(4)
            default: return nil
            }
            guard let length, position + length <= bytes.count else { return nil }
            defer { position += length }
            return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
        }

        /// The header: a small map of strings to strings or small integers.
        mutating func skipHeader() -> Bool {
            guard let first = byte(), (0x80...0x8f).contains(first) else { return false }
            for _ in 0..<Int(first & 0x0f) {
                guard string() != nil, let value = byte() else { return false }
                switch value {
                case 0x00...0x7f: continue
                case 0xa0...0xbf: position += Int(value & 0x1f)
                default: return false
                }
            }
            return position <= bytes.count
        }
    }
}
