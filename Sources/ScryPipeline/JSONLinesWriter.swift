import ScryCore
import Synchronization
import SystemPackage

/// Writes JSON values as lines (JSON Lines), one complete line per write, flushed at once.
/// Thread-safe: lines from several threads never interleave.
public final class JSONLinesWriter: @unchecked Sendable {
    /// Where lines go: receives each complete line, newline included, and may throw.
    public typealias Sink = @Sendable (String) throws -> Void

    private let sink: Sink
    private let lock = Mutex<Void>(())

    public init(sink: @escaping Sink) { self.sink = sink }

    /// A writer to a file descriptor (standard output by default), which writes each line with
    /// as many `write` calls as it takes, retrying `EINTR`.
    public convenience init(fileDescriptor: FileDescriptor = .standardOutput) {
        self.init { line in
            var bytes = Array(line.utf8)
            try bytes.withUnsafeMutableBytes { buffer in
                _ = try fileDescriptor.writeAll(buffer)
            }
        }
    }

    /// Writes `line` as one line.
    public func write(_ line: any OutputLine) throws { try write(line.json) }

    /// Writes `text` (without a newline in it) as one line: `--plain` output.
    public func write(text: String) throws {
        let line = text + "\n"
        try lock.withLock { _ in try sink(line) }
    }

    /// Writes `value` as one line. Throws what the sink throws, e.g. `Errno.brokenPipe` when
    /// standard output was closed.
    public func write(_ value: JSONValue) throws {
        var line = value.serialized
        line += "\n"
        try lock.withLock { _ in try sink(line) }
    }
}
