import Glibc

import ArgumentParser
import ScryImageIO
import SystemPackage

/// The exit statuses scry documents (README, "Exit status"). Values follow sysexits.h.
enum ExitStatus {
    static let success: Int32 = 0
    /// `scan` found no page in its pictures (as grep finds no line).
    static let nothingFound: Int32 = 1
    /// A run that completed on a truncated frame dump: every complete frame was processed.
    static let truncatedDump: Int32 = 3
    /// The camera was disconnected mid-stream (unplugged, or its stream died). A recording
    /// is closed with every complete frame.
    static let cameraDisconnected: Int32 = 4
    /// A bad command line: unknown option, bad option value, missing argument.
    static let usage: Int32 = 64
    /// An input with bad contents: not an image, an empty file, a corrupt frame dump.
    static let dataError: Int32 = 65
    /// An input that cannot be opened: missing, unreadable, a directory.
    static let noInput: Int32 = 66
    /// A needed component or capability is missing: tesseract's trained data, a camera that
    /// cannot capture 1280x720 in a format scry reads.
    static let unavailable: Int32 = 69
    /// An output could not be created, e.g. the --record file.
    static let cannotCreate: Int32 = 73
    /// An I/O error: an output could not be written (other than stdout closing early, which
    /// ends quietly), or a camera call failed.
    static let ioError: Int32 = 74
    /// The camera is busy: another process is using it. Try again later.
    static let deviceBusy: Int32 = 75
    /// The user may not open the camera (not in the 'video' group?).
    static let permissionDenied: Int32 = 77
}

/// A failure that ends a command with one line on stderr and a documented status.
struct CommandFailure: Error {
    var message: String
    var status: Int32
}

/// Writes one line to stderr, prefixed with "scry: " (file names that are not UTF-8 shown
/// with `\xFF` escapes).
func printError(_ message: String) {
    ProgressLine.takeOffShownLine()
    var bytes = Array(("scry: " + message.escapedForDisplay.replacingNewlines() + "\n").utf8)
    _ = try? bytes.withUnsafeMutableBytes { try FileDescriptor.standardError.writeAll($0) }
}

extension String {
    /// Keeps a message on one line.
    func replacingNewlines() -> String {
        String(map { $0.isNewline ? " " : $0 })
    }
}
