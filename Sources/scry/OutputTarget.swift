import Glibc
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
        var status = stat()
        let exists = path.withPlatformString { stat($0, &status) } == 0
        if exists && (status.st_mode & S_IFMT) != S_IFREG {
            return try writeInPlace(bytes, display: display)
        }
        // A link whose target does not exist yet: the target is created through it.
        var linkStatus = stat()
        if !exists, path.withPlatformString({ lstat($0, &linkStatus) }) == 0, (linkStatus.st_mode & S_IFMT) == S_IFLNK {
            return try writeInPlace(bytes, display: display, creating: true)
        }
        // A link is followed: its target is replaced, the link stays.
        let target = exists ? (resolved ?? path) : path
        let directory = target.removingLastComponent()
        var template = Array((directory.isEmpty ? "." : directory.string).utf8CString.dropLast())
            + Array("/.scry-export-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw creationFailure(display) }
        let temporary = template  // the path mkstemp filled in, as bytes (the folder need not be UTF-8)
        let file = FileDescriptor(rawValue: descriptor)
        do {
            _ = try bytes.withUnsafeBytes { try file.writeAll($0) }
            if exists { _ = fchmod(descriptor, status.st_mode & 0o7777) } else { _ = fchmod(descriptor, 0o644 & ~currentUmask) }
            try file.close()
        } catch {
            try? file.close()
            unlink(temporary)
            throw CommandFailure(message: "\(display): cannot write: \(error)", status: ExitStatus.ioError)
        }
        guard target.withPlatformString({ rename(temporary, $0) }) == 0 else {
            let failure = Errno(rawValue: errno)
            unlink(temporary)
            throw CommandFailure(message: "\(display): cannot write: \(failure)", status: ExitStatus.cannotCreate)
        }
    }

    private func writeInPlace(_ bytes: [UInt8], display: String, creating: Bool = false) throws {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(
                path, .writeOnly, options: creating ? [.create, .truncate, .closeOnExec] : [.closeOnExec],
                permissions: creating ? [.ownerReadWrite, .groupRead, .otherRead] : nil, retryOnInterrupt: true)
        } catch {
            throw CommandFailure(message: "\(display): cannot open: \(error)", status: ExitStatus.cannotCreate)
        }
        try file.closeAfter { try write(bytes, to: file, display: display) }
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

    /// The path with every symbolic link resolved.
    private var resolved: FilePath? {
        guard let real = path.withPlatformString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(platformString: real)
    }

    private var currentUmask: mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    private func creationFailure(_ display: String) -> CommandFailure {
        CommandFailure(message: "\(display): cannot create: \(Errno(rawValue: errno))", status: ExitStatus.cannotCreate)
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
