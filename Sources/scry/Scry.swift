import ArgumentParser
import Foundation
import Glibc
import SystemPackage

struct Scry: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "scry",
        abstract: "Detect barcodes and text in camera frames, frame dumps and images, as JSON lines.",
        discussion: """
            Detections go to stdout, one JSON object per line (schema: docs/schema.json); \
            logs and errors go to stderr. Exit status: 0 success, 3 truncated frame dump, \
            4 camera disconnected, 64 usage, 65 bad input data, 66 input or camera not found, \
            69 component or capability missing, 73 cannot create output, 74 I/O error, \
            75 camera busy, 77 permission denied.
            """,
        version: version,
        subcommands: [
            LiveCommand.self, DevicesCommand.self, ImageCommand.self, ReplayCommand.self,
            DumpCommand.self, VocabCommand.self, ScanCommand.self, InkCommand.self, AlignCommand.self,
        ])

    /// Parses the command line, runs the command, and exits with its status. Errors, including
    /// command-line errors, print as a single line on stderr.
    static func runAndExit() -> Never {
        // A closed stdout must end scry with EPIPE from write(), not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        StopSignal.quitWithoutCrashReport()
        do {
            let arguments = ViewOptions.rewritten(CommandLineArguments.losslessArguments)
            if let problem = CommandSuggestion.problem(in: arguments) { throw problem }
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(ExitStatus.success)
        } catch let failure as CommandFailure {
            printError(failure.message)
            Glibc.exit(failure.status)
        } catch is OutputClosed {
            Glibc.exit(ExitStatus.success)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            let status = exitCode(for: error)
            if status == .success {
                // --help and --version: their text is the output asked for.
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            let message = self.message(for: error)
            let oneLine = message.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            printError(oneLine + " (see 'scry --help')")
            Glibc.exit(status == .validationFailure ? ExitStatus.usage : status.rawValue)
        }
    }
}
