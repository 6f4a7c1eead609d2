import ArgumentParser
import ScryCore
import SystemPackage

/// Standard output as JSON lines. A closed stdout (`scry ... | head -1`) ends the command
/// quietly with status 0: the reader has what it wanted.
struct Output {
    let writer = JSONLinesWriter(fileDescriptor: .standardOutput)

    func emit(_ value: JSONValue) throws {
        do { try writer.write(value) } catch Errno.brokenPipe {
            throw ExitCode.success
        } catch {
            throw CommandFailure(message: "stdout: \(error)", status: ExitStatus.ioError)
        }
    }
}
