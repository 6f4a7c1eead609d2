import Glibc
import ScryCore
import ScryDocuments
import SystemPackage

/// `--pdf FILE` (`scan`, `vocab read --scan`): the flattened pages gathered into one searchable
/// PDF, each with the words read from it as an invisible text layer, written when the run ends
/// (also after a failure or Ctrl-C, with the pages found until then). FILE is never written
/// over: a FILE that exists is refused before the run starts (status 73), so a later sitting
/// writes a new PDF.
final class PageDocument {
    let path: FilePath
    private let pdf: SearchablePDF
    /// Reads the words of a page; nil when the pages come with their words.
    private let reader: (any TextDetecting)?

    /// Refuses a `path` that exists (status 73); `reader` reads the words of pages added
    /// without them.
    init(path: FilePath, reader: (any TextDetecting)?) throws(CommandFailure) {
        var status = stat()
        if path.withPlatformString({ lstat($0, &status) }) == 0 {
            throw CommandFailure(
                message: "\(path): exists; a PDF is never written over (name a new file)", status: ExitStatus.cannotCreate)
        }
        self.path = path
        self.reader = reader
        do { pdf = try SearchablePDF() } catch {
            throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.unavailable)
        }
    }

    var pageCount: Int { pdf.pageCount }

    /// Adds `page`, its words read by the reader; returns how the page is named
    /// (`pages.pdf#page=3`).
    func add(_ page: PageScanner.FlattenedPage) throws(CommandFailure) -> String {
        let words = (reader?.detectText(in: page.gray) ?? []).filter { $0.level == .word }.compactMap { word in
            word.text.map { SearchablePDF.Word(text: $0, box: word.pixelBounds) }
        }
        return try add(page, words: words)
    }

    /// Adds `page` with `words` (in its pixel space).
    func add(_ page: PageScanner.FlattenedPage, words: [SearchablePDF.Word]) throws(CommandFailure) -> String {
        do {
            try pdf.addPage(page.colour.map { .colour($0) } ?? .gray(page.gray), words: words)
        } catch {
            throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.ioError)
        }
        return "\(path)#page=\(pdf.pageCount)"
    }

    /// Writes the PDF, when it has pages.
    func write() throws(CommandFailure) {
        guard pdf.pageCount > 0 else { return }
        do {
            try FileCreation.createNew(path, holding: try pdf.bytes())
        } catch let error as FileCreationError {
            switch error {
            case .cannotCreate(let errno):
                throw CommandFailure(message: "\(path): cannot create: \(errno)", status: ExitStatus.cannotCreate)
            case .cannotWrite(let errno):
                throw CommandFailure(message: "\(path): cannot write: \(errno)", status: ExitStatus.ioError)
            }
        } catch {
            throw CommandFailure(message: "\(path): \(error)", status: ExitStatus.ioError)
        }
    }
}
