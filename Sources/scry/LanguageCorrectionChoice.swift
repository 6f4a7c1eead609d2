import Glibc
import ScryImageIO
import ScryNeuralText
import SystemPackage

/// The language correction a run asks of the neural engine (`--no-language-correction`,
/// `--custom-words`): on by default, as Vision's `usesLanguageCorrection`, with Debian's
/// American and British English word lists and any words of the user's.
enum LanguageCorrectionChoice: Equatable {
    case off
    case on(customWords: String?)

    static let standard = LanguageCorrectionChoice.on(customWords: nil)

    init(customWords: String?) { self = .on(customWords: customWords) }

    /// The word lists every correction reads, in `directory`.
    static let wordLists = ["american-english", "british-english"]

    /// Where the word lists are: `/usr/share/dict` unless `$SCRY_WORD_LIST_DIR` says.
    static var directory: String {
        getenv("SCRY_WORD_LIST_DIR").map { String(cString: $0) } ?? "/usr/share/dict"
    }

    /// Checks, without reading them, that the files `load` reads can be opened, with its
    /// errors and statuses: a run that loads the correction later (`scry image`, when an image
    /// first shows text) still refuses a missing word list before it prints anything.
    func checkReadable() throws {
        guard case .on(let customWords) = self else { return }
        for name in Self.wordLists {
            let path = Self.directory + "/" + name
            do { try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]).close() } catch {
                throw CommandFailure(
                    message: "\(path): cannot read the word list: \(error) (install wamerican and wbritish, or give --no-language-correction)",
                    status: ExitStatus.unavailable)
            }
        }
        if let customWords {
            do { try FileDescriptor.open(FilePath(argument: customWords), .readOnly, options: [.closeOnExec]).close() } catch {
                throw CommandFailure(message: "--custom-words \(customWords): cannot read it: \(error)", status: ExitStatus.noInput)
            }
        }
    }

    /// The correction, or nil when it is off. Status 69 when a word list is missing (a
    /// component of the installation), 66 when the custom words cannot be read.
    func load() throws -> LanguageCorrection? {
        guard case .on(let customWords) = self else { return nil }
        var lexicon = Lexicon()
        for name in Self.wordLists {
            let path = Self.directory + "/" + name
            do { lexicon.add(contents: try ImageFile.readBytes(path: FilePath(path))) } catch {
                throw CommandFailure(
                    message: "\(path): cannot read the word list: \(error) (install wamerican and wbritish, or give --no-language-correction)",
                    status: ExitStatus.unavailable)
            }
        }
        if let customWords {
            do { lexicon.add(contents: try ImageFile.readBytes(path: FilePath(argument: customWords))) } catch {
                throw CommandFailure(message: "--custom-words \(customWords): cannot read it: \(error)", status: ExitStatus.noInput)
            }
        }
        return LanguageCorrection(lexicon: lexicon)
    }
}
