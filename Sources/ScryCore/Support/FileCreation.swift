import Glibc
import SystemPackage

/// Why `FileCreation.create` failed: the file could not be made (or put in place), or its first
/// bytes could not be written. Each carries the errno.
public enum FileCreationError: Error, Equatable, Sendable {
    case cannotCreate(Errno)
    case cannotWrite(Errno)
}

/// Creates an output file so that it never appears at its name without its first bytes: a
/// regular file (or a link to one, or a new name) is written in a temporary file beside it and
/// renamed over it, so a reader, a crash or a `kill -9` sees either the old file or the new one
/// with all of `prefix`, never an empty or half-written start. Anything else at the path (a
/// FIFO, a device such as /dev/full, a terminal) is opened and written in place, as `cat >`
/// would; so is a link whose target does not exist yet, which creates the target.
public enum FileCreation {
    /// Makes `directory` (mode 755) unless it is one already; throws when it cannot be made or
    /// is something else (`.notDirectory`).
    public static func makeDirectory(_ directory: FilePath) throws(Errno) {
        if directory.withPlatformString({ mkdir($0, 0o755) }) != 0, errno != EEXIST { throw Errno(rawValue: errno) }
        var status = stat()
        guard directory.withPlatformString({ stat($0, &status) }) == 0 else { throw Errno(rawValue: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notDirectory }
    }

    /// Creates the file at `path`, writes `prefix`, and returns it open for writing (positioned
    /// after `prefix`, close-on-exec). A replaced regular file keeps its permission bits; a new
    /// one gets 0644 less the umask. A link is followed: its target is replaced, the link stays.
    public static func create(_ path: FilePath, startingWith prefix: [UInt8]) throws(FileCreationError) -> FileDescriptor {
        var status = stat()
        let exists = path.withPlatformString { stat($0, &status) } == 0
        if exists && (status.st_mode & S_IFMT) != S_IFREG {
            return try openInPlace(path, creating: false, prefix: prefix)
        }
        var linkStatus = stat()
        if !exists, path.withPlatformString({ lstat($0, &linkStatus) }) == 0, (linkStatus.st_mode & S_IFMT) == S_IFLNK {
            return try openInPlace(path, creating: true, prefix: prefix)
        }
        let target = exists ? (resolved(path) ?? path) : path
        let directory = target.removingLastComponent()
        var template = Array((directory.isEmpty ? "." : directory.string).utf8CString.dropLast())
            + Array("/.scry-new-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotCreate(Errno(rawValue: errno)) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = template  // the path mkstemp filled in, as bytes (the folder need not be UTF-8)
        let file = FileDescriptor(rawValue: descriptor)
        do {
            _ = try prefix.withUnsafeBytes { try file.writeAll($0) }
        } catch {
            try? file.close()
            unlink(temporary)
            throw .cannotWrite(error as? Errno ?? .ioError)
        }
        _ = fchmod(descriptor, exists ? status.st_mode & 0o7777 : 0o644 & ~currentUmask)
        guard target.withPlatformString({ rename(temporary, $0) }) == 0 else {
            let failure = Errno(rawValue: errno)
            try? file.close()
            unlink(temporary)
            throw .cannotCreate(failure)
        }
        return file
    }

    /// Creates a new regular file at `path` holding `bytes`, never replacing anything there:
    /// written in a temporary file beside it and linked to its name, which fails with `.EEXIST`
    /// (as `.cannotCreate`) when the name is taken, even by a file made a moment before. Like
    /// `create`, the file never appears at its name half-written.
    public static func createNew(_ path: FilePath, holding bytes: [UInt8]) throws(FileCreationError) {
        let directory = path.removingLastComponent()
        var template = Array((directory.isEmpty ? "." : directory.string).utf8CString.dropLast())
            + Array("/.scry-new-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotCreate(Errno(rawValue: errno)) }
        let temporary = template
        defer { unlink(temporary) }
        let file = FileDescriptor(rawValue: descriptor)
        do {
            _ = try bytes.withUnsafeBytes { try file.writeAll($0) }
            _ = fchmod(descriptor, 0o644 & ~currentUmask)
            try file.close()
        } catch {
            try? file.close()
            throw .cannotWrite(error as? Errno ?? .ioError)
        }
        guard path.withPlatformString({ link(temporary, $0) }) == 0 else { throw .cannotCreate(Errno(rawValue: errno)) }
    }

    private static func openInPlace(_ path: FilePath, creating: Bool, prefix: [UInt8]) throws(FileCreationError) -> FileDescriptor {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(
                path, .writeOnly, options: creating ? [.create, .truncate, .closeOnExec] : [.closeOnExec],
                permissions: creating ? [.ownerReadWrite, .groupRead, .otherRead] : nil, retryOnInterrupt: true)
        } catch {
            throw .cannotCreate(error as? Errno ?? .ioError)
        }
        do {
            _ = try prefix.withUnsafeBytes { try file.writeAll($0) }
        } catch {
            try? file.close()
            throw .cannotWrite(error as? Errno ?? .ioError)
        }
        return file
    }

    /// The path with every symbolic link resolved.
    private static func resolved(_ path: FilePath) -> FilePath? {
        guard let real = path.withPlatformString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(platformString: real)
    }

    private static var currentUmask: mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
