import Glibc
import Synchronization

/// What the decoding libraries under Leptonica print on their own. libpng ("libpng error:
/// ..."), libjpeg ("Premature end of JPEG file", "Corrupt JPEG data: ...") and libtiff write
/// warnings and errors straight to the process's stderr, where they would stand beside scry's
/// one line per failure. `capture` points file descriptor 2 at an anonymous temporary file
/// while a decoder runs, and hands back what was written there.
///
/// Descriptor 2 is process-wide: captures run one at a time, and anything another thread
/// writes to stderr meanwhile is captured too (scry decodes image files on its main thread,
/// before or without its detector lanes).
enum LibraryMessages {
    private static let lock = Mutex<Void>(())

    /// Runs `body` with stderr captured; returns its result and the captured text, its lines
    /// joined by "; " (empty when nothing was written, or when stderr could not be redirected).
    static func capture<T>(_ body: () -> T) -> (T, String) {
        lock.withLock { _ in
            guard let temporary = tmpfile() else { return (body(), "") }
            defer { fclose(temporary) }
            fflush(nil)
            let saved = dup(STDERR_FILENO)
            guard saved >= 0 else { return (body(), "") }
            defer { close(saved) }
            guard dup2(fileno(temporary), STDERR_FILENO) >= 0 else { return (body(), "") }
            let result = body()
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            return (result, text(of: temporary))
        }
    }

    /// The first 4 KiB of what was written, on one line.
    private static func text(of file: UnsafeMutablePointer<FILE>) -> String {
        rewind(file)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = fread(&buffer, 1, buffer.count, file)
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: " \t") }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var view = self[...]
        while let first = view.first, set.contains(first) { view = view.dropFirst() }
        while let last = view.last, set.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
