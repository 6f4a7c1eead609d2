/// Which characters a neural engine's recognizer reads, as ML Kit has a recognizer per script
/// (Latin is its default). PP-OCR's recognizer knows 18,708 characters, mostly Chinese; read
/// as `latin`, its last layer scores only the Latin script's (`ONNXClassSubset`), which costs
/// about a seventh less a line, and a mark that is not text cannot be read as a Chinese
/// character.
public enum RecognitionScript: String, Sendable, Equatable, CaseIterable {
    /// Latin letters with the accents of the European languages, digits, punctuation and the
    /// currency signs: 605 of the recognizer's characters.
    case latin
    /// Every character the recognizer knows: Chinese, Japanese, Latin and more.
    case all

    /// Whether a recognized character (one entry of the recognizer's list) is in this script.
    public func includes(_ character: String) -> Bool {
        switch self {
        case .all: return true
        case .latin: return !character.isEmpty && character.unicodeScalars.allSatisfy(Self.isLatin)
        }
    }

    /// Basic Latin to Latin Extended-B (letters with the accents of the European languages),
    /// Latin Extended Additional, and the general punctuation of printed text (curly quotes,
    /// dashes, ellipsis), super- and subscripts, currency signs and the trade mark sign.
    public static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x250 || (0x1E00...0x1EFF).contains(scalar.value) || (0x2010...0x20CF).contains(scalar.value)
            || scalar.value == 0x2122
    }
}
