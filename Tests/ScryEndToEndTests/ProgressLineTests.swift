import Foundation
import ScryTestSupport
import Testing

/// The progress line: shown on a terminal (a pseudo-terminal made by script(1)), erased at the
/// end; never when stderr is not a terminal.
@Suite struct ProgressLineTests {
    /// Runs `command` with its stderr on a pseudo-terminal (stdout to /dev/null) and returns
    /// what the terminal received.
    func onTerminal(_ command: String) throws -> String {
        let folder = URL(fileURLWithPath: RepositoryPaths.scryExecutable).deletingLastPathComponent().path
        let result = try shell("TERM=xterm PATH='\(folder)':$PATH script -qec \"\(command) > /dev/null\" /dev/null")
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutText
    }

    @Test func severalImagesShowAProgressLineThatIsErased() throws {
        let folder = try demoFramesFolder()
        let screen = try onTerminal("scry image --no-text '\(folder.path)'")
        #expect(screen.contains("images"), "\(screen)")
        #expect(screen.contains("/6 images"), "\(screen)")
        // Drawn with a carriage return, and taken off at the end: the last thing written
        // erases the line.
        #expect(screen.hasPrefix("\r"))
        #expect(screen.hasSuffix("\r\u{1B}[K"), "\(screen.debugDescription)")
    }

    @Test func aReplayShowsOne() throws {
        let screen = try onTerminal("scry replay --no-text '\(demoDump)'")
        #expect(screen.contains("frames"), "\(screen)")
        // The summary line comes after the progress line was erased.
        #expect(screen.contains("\r\u{1B}[Kscry: replayed"), "\(screen.debugDescription)")
    }

    @Test func noneWhenStderrIsNotATerminal() throws {
        let folder = try demoFramesFolder()
        let result = try scry(["image", "--no-text", folder.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let replay = try scry(["replay", "--no-text", demoDump])
        #expect(!replay.stderr.contains("\r"))
        #expect(replay.stderr.split(separator: "\n").count == 1)
    }
}
