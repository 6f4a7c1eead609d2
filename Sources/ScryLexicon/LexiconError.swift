import ScryCore

/// A lexicon file (WordNet, the frequency list, a bilingual dictionary) that cannot be used.
public enum LexiconError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read; `package` installs it.
    case missing(path: String, package: String)
    /// The file is not in the format expected.
    case malformed(path: String)
    /// No bilingual dictionary for this language.
    case unsupportedLanguage(String)

    public var description: String {
        switch self {
        case .missing(let path, let package): "\(path): cannot be read (install \(package))"
        case .malformed(let path): "\(path): not in the expected format"
        case .unsupportedLanguage(let language):
            "no English-\(language) dictionary: --translate takes "
                + BilingualDictionary.languages.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value.name))" }
                .joined(separator: ", ")
        }
    }
}
