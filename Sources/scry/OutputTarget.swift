import Glibc
import ScryCore
import SystemPackage

/// Where a command writes a whole output file (`vocab export -o`), and how: a regular file
/// (or a link to one) is written to a temporary file beside it and renamed over it, so a
/// reader never sees half an export and a failed write leaves the old file; anything else (a
/// device such as /dev/full, a FIFO, /dev/stdout, a terminal) is written in place, as `cat >`
/// would. Write errors come back with their errno.
struct OutputTarget {
    /// The path as given (for messages).
    let path: FilePath

    /// Writes `bytes` to the target. Throws a `CommandFailure`: 73 when the file cannot be
    /// created or opened, 74 when writing it fails.
    func write(_ bytes: [UInt8], display: String) throws {
        if Self.standardOutputNames.contains(path.string) {
            return try write(bytes, to: .standardOutput, display: display)
        }
        let file: FileDescriptor
        do {
            file = try FileCreation.create(path, startingWith: bytes)
        } catch {
            switch error {
            case .cannotWrite(.brokenPipe):
                return  // a FIFO's reader has gone: it has what it wanted
            case .cannotWrite(let failure):
                throw CommandFailure(message: "\(display): cannot write: \(failure)", status: ExitStatus.ioError)
            case .cannotCreate(let failure):
                throw CommandFailure(message: "\(display): cannot create: \(failure)", status: ExitStatus.cannotCreate)
            }
        }
        do { try file.close() } catch {
            throw CommandFailure(message: "\(display): cannot write: \(error)", status: ExitStatus.ioError)
        }
    }

    /// Names of this process's stdout: written to descriptor 1 itself, which keeps its
    /// offset and append mode (`>> file`), and a pipe's reader gets the bytes.
    static let standardOutputNames: Set<String> = ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]

    private func write(_ bytes: [UInt8], to file: FileDescriptor, display: String) throws {
        do {
            _ = try bytes.withUnsafeBytes { try file.writeAll($0) }
        } catch Errno.brokenPipe {
            return  // a FIFO's or pipe's reader has gone: it has what it wanted
        } catch {
            throw CommandFailure(message: "\(display): cannot write: \(error)", status: ExitStatus.ioError)
        }
    }

    /// Whether `a` and `b` name the same existing file (the same device and inode).
    static func isSameFile(_ a: FilePath, as b: FilePath) -> Bool {
        var first = stat()
        var second = stat()
        guard a.withPlatformString({ stat($0, &first) }) == 0, b.withPlatformString({ stat($0, &second) }) == 0
        else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
