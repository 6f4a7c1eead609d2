import Glibc

/// The names in one directory, as the file system holds them: bytes, not decoded (a name need
/// not be UTF-8), "." and ".." included, in the order the file system gives them.
///
/// Each name is read up to its terminating NUL inside the entry `readdir` returns, never as
/// `d_name`'s whole 256 bytes: an entry is only as long as its name (rounded up), so the bytes
/// past the NUL may belong to the next entry or to memory never written.
public enum DirectoryNames {
    /// The names in the directory at `path`, or nil when it cannot be opened (`errno` says why).
    public static func read(_ path: String) -> [[UInt8]]? {
        guard let directory = opendir(path) else { return nil }
        return names(in: directory)
    }

    /// The names in the directory at `path` (its bytes, with no terminating NUL), or nil when it
    /// cannot be opened (`errno` says why).
    public static func read(bytes path: [UInt8]) -> [[UInt8]]? {
        let terminated = path.map { CChar(bitPattern: $0) } + [0]
        guard let directory = terminated.withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else { return nil }
        return names(in: directory)
    }

    /// Every name left in `directory`; closes it.
    private static func names(in directory: OpaquePointer) -> [[UInt8]] {
        defer { closedir(directory) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            names.append(Array(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))))
        }
        return names
    }
}
