import ArgumentParser
import Glibc
import ScryCore
import ScryPipeline
import SystemPackage

/// The images `scry image` is given: files, `-` for one image's bytes on standard input, and
/// folders, each standing for the files directly in it (not in its subfolders, and not those
/// whose names start with a dot), in the byte order of their names. A file in a folder that is
/// not an image is reported as any file that is not (one line on stderr) and the run goes on;
/// a folder with no file directly in it is status 66 before anything is read, its subfolders
/// counted in the message (`scry image photos/` where the photos sit a level down).
enum ImageArguments {
    /// The name standard input goes by.
    static let standardInput = "-"

    /// `arguments` with each folder replaced by its files (as arguments: `FilePath(argument:)`
    /// names them). A folder that cannot be listed, or holds no file directly, is status 66.
    static func expanded(_ arguments: [String]) throws -> [String] {
        var files: [String] = []
        for argument in arguments {
            if argument != standardInput, let entries = try entries(ofFolder: argument) {
                files += entries
            } else {
                files.append(argument)
            }
        }
        return files
    }

    /// The inputs `files` (expanded) name, standard input's as such.
    static func inputs(_ files: [String]) -> [FileFrameSource.Input] {
        files.map { file in
            file == standardInput
                ? .standardInput(name: standardInput)
                : FileFrameSource.Input(path: FilePath(argument: file), name: file.escapedForDisplay)
        }
    }

    /// The regular files (and links to them) directly in `argument`, by name; nil when it is
    /// not a folder.
    private static func entries(ofFolder argument: String) throws -> [String]? {
        let bytes = CommandLineArguments.bytes(of: argument)
        var status = stat()
        let found = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { stat($0.baseAddress!, &status) }
        guard found == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        guard let entries = DirectoryNames.read(bytes: bytes) else {
            throw CommandFailure(
                message: "\(argument.escapedForDisplay): cannot list the folder: \(Errno(rawValue: errno))",
                status: ExitStatus.noInput)
        }
        let names = entries.filter { $0.first.map { $0 != UInt8(ascii: ".") } ?? false }
        var subfolders = 0
        let base = bytes.last == UInt8(ascii: "/") ? bytes : bytes + [UInt8(ascii: "/")]
        let files = names.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { name -> String? in
            let path = base + name
            var status = stat()
            let found = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { stat($0.baseAddress!, &status) }
            if found == 0, status.st_mode & S_IFMT == S_IFDIR { subfolders += 1 }
            // Subfolders, devices and FIFOs are passed over; an unreadable entry is kept, so
            // that it is reported.
            guard found != 0 || status.st_mode & S_IFMT == S_IFREG else { return nil }
            return CommandLineArguments.lossless(path)
        }
        guard files.isEmpty else { return files }
        let why =
            subfolders == 0
            ? "it holds no files" : "it holds no files directly, and its \(subfolders == 1 ? "subfolder is" : "\(subfolders) subfolders are") not read: name them"
        throw CommandFailure(message: "\(argument.escapedForDisplay): nothing to read: \(why)", status: ExitStatus.noInput)
    }
}
