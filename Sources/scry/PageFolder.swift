import Glibc
import ScryCore
import ScryDocuments
import ScryImageIO
import SystemPackage

/// `scan -o DIR`: where flattened pages are written, as `page-NNNN.png`, numbered on from the
/// highest page already there so that a second sitting never writes over the first's pages
/// (`page-0007.png` follows `page-0006.png`, after any gap). A name taken in the meantime is
/// skipped, never replaced (so a page is never written over one of the run's inputs, a link,
/// a FIFO or a device).
final class PageFolder {
    let directory: FilePath
    /// The number the next page gets.
    private(set) var nextNumber: Int

    /// Makes `directory` when it is missing; throws a failure (status 73) when it cannot.
    init(_ directory: FilePath) throws(CommandFailure) {
        self.directory = directory
        do { try FileCreation.makeDirectory(directory) } catch {
            throw CommandFailure(message: "\(directory): cannot make the directory: \(error)", status: ExitStatus.cannotCreate)
        }
        nextNumber = (Self.highestPageNumber(in: directory) ?? 0) + 1
    }

    /// The number of `name` when it is a page's name (`page-0012.png` is 12), else nil.
    static func pageNumber(of name: String) -> Int? {
        guard name.hasPrefix("page-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(5).dropLast(4)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The highest page number among the names in `directory`.
    static func highestPageNumber(in directory: FilePath) -> Int? {
        guard let names = DirectoryNames.read(directory.string) else { return nil }
        return names.compactMap { pageNumber(of: String(decoding: $0, as: UTF8.self)) }.max()
    }

    static func name(of number: Int) -> String {
        let digits = String(number)
        return "page-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Writes `page` (in colour when it has colour) under the next free page name; returns its path.
    func write(_ page: PageScanner.FlattenedPage) throws(CommandFailure) -> FilePath {
        while true {
            let path = directory.appending(Self.name(of: nextNumber))
            nextNumber += 1
            do {
                if let colour = page.colour {
                    try ImageFile.writePNG(colour, to: path, replacing: false)
                } else {
                    try ImageFile.writePNG(page.gray, to: path, replacing: false)
                }
                return path
            } catch .cannotCreate(.fileExists) {
                continue  // taken since the folder was read (or by a link, a FIFO, a device): the next name
            } catch {
                throw CommandFailure(message: "\(path): \(error)", status: error.exitStatus)
            }
        }
    }
}
