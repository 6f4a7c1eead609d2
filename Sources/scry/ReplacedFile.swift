import Glibc
import SystemPackage

/// A file written beside its destination and renamed over it once complete, so that what was
/// at the destination stays whole until then (`FileCreation` alone replaces it as soon as the
/// new file's first bytes are written). A destination that is not a regular file or a new name
/// (a device such as /dev/full, a FIFO, a link) is written directly, as `FileCreation` does.
struct ReplacedFile {
    /// Where the output is.
    let output: FilePath
    /// Where it is written: beside `output`, or `output` itself.
    let path: FilePath
    /// The permission bits of the regular file replaced, kept by the new one.
    private let mode: mode_t?

    init(output: FilePath) {
        self.output = output
        var status = stat()
        let missing = output.withPlatformString { lstat($0, &status) } != 0
        if missing || (status.st_mode & S_IFMT) == S_IFREG {
            let name = ".\(output.lastComponent?.string ?? "output").partial-\(getpid())"
            path = output.removingLastComponent().appending(name)
            mode = missing ? nil : status.st_mode & 0o7777
        } else {
            path = output
            mode = nil
        }
    }

    /// Puts the finished file at `output`.
    func commit() throws(Errno) {
        guard path != output else { return }
        if let mode { _ = path.withPlatformString { chmod($0, mode) } }
        let renamed = path.withPlatformString { from in output.withPlatformString { rename(from, $0) } }
        guard renamed == 0 else {
            let failure = Errno(rawValue: errno)
            discard()
            throw failure
        }
    }

    /// Removes the unfinished file (nothing at all when writing to `output` directly).
    func discard() {
        guard path != output else { return }
        _ = path.withPlatformString { unlink($0) }
    }
}
