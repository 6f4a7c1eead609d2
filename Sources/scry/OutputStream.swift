import ArgumentParser
import Glibc
import ScryCore
import ScryPipeline
import SystemPackage

/// Standard output as JSON lines, or with `plain` as lines a person reads (`PlainLine`: one
/// per detection, nothing for the others). A closed stdout (`scry ... | head -1`) ends the
/// command quietly with status 0: the reader has what it wanted.
struct Output: EventSink {
    let writer = JSONLinesWriter(fileDescriptor: .standardOutput)
    /// Whether lines are written in their plain form (`--plain`).
    var plain = false
    /// With `plain`: whether a detection in a file is written after its file's name and `: `
    /// (a run over several files), as grep names files.
    var namesFiles = false

    init(plain: Bool = false, namesFiles: Bool = false) {
        self.plain = plain
        self.namesFiles = namesFiles
    }

    func write(_ line: any OutputLine) throws { try emit(line) }

    func emit(_ line: any OutputLine) throws {
        do {
            if plain {
                guard let readable = line as? any PlainLine, let text = readable.plainText else { return }
                if namesFiles, case .file(let name) = readable.plainSource {
                    try writer.write(text: PlainText.oneLine(name) + ": " + text)
                } else {
                    try writer.write(text: text)
                }
            } else {
                try writer.write(line)
            }
        } catch Errno.brokenPipe {
            throw OutputClosed()
        } catch {
            throw CommandFailure(message: "stdout: \(error)", status: ExitStatus.ioError)
        }
    }

    /// True when stdout is a pipe whose reader has gone (poll reports POLLERR on the write
    /// end). Streaming commands check it between frames, so that `scry live | head -1` ends
    /// even while nothing is detected and no line is written.
    var readerHasGone: Bool {
        var descriptor = pollfd(fd: FileDescriptor.standardOutput.rawValue, events: 0, revents: 0)
        guard poll(&descriptor, 1, 0) == 1 else { return false }
        return descriptor.revents & Int16(POLLERR) != 0
    }
}

/// Stdout's reader has gone (`scry ... | head -1`): the command ends quietly with status 0,
/// since the reader has what it wanted.
struct OutputClosed: Error {}

extension Output {
    /// Whether `error`, thrown by `emit`, means stdout's reader has gone.
    static func isClosedOutput(_ error: any Error) -> Bool {
        error is OutputClosed
    }
}
