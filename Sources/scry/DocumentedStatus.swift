import ScryCapture
import ScryCore
import ScryDumps
import ScryImageIO
import ScryInput
import ScryNotebook
import ScryPipeline
import SystemPackage

/// An error a command can end on, with the exit status scry documents for it (README, "Exit
/// status"). Every such error type adopts it here, so that which error gives which status is
/// said in this one file.
protocol DocumentedStatus: Error, CustomStringConvertible {
    /// The status a command ends with when this error stops it.
    var exitStatus: Int32 { get }
}

extension CommandFailure {
    /// `error`'s one stderr line, after `subject` (a file's or device's name) when given, with
    /// its documented status.
    init(_ error: some DocumentedStatus, about subject: String? = nil) {
        self.init(message: (subject.map { "\($0): " } ?? "") + error.description, status: error.exitStatus)
    }
}

extension ImageFileError: DocumentedStatus {
    /// 66 for a file that cannot be opened, 65 for one that is not a readable image, 73 for an
    /// output that cannot be created, 74 for one that cannot be written.
    var exitStatus: Int32 {
        switch self {
        case .cannotOpen: ExitStatus.noInput
        case .empty, .undecodable, .tooLarge, .tooManyPixels: ExitStatus.dataError
        case .cannotCreate: ExitStatus.cannotCreate
        case .cannotWrite: ExitStatus.ioError
        }
    }
}

extension FileFrameSource.Failure: DocumentedStatus {
    /// 66 for a file that cannot be opened, 65 for one that is not a readable image or dump,
    /// 74 for a dump that cannot be read, 3 for a truncated dump.
    var exitStatus: Int32 {
        switch self {
        case .cannotOpen: ExitStatus.noInput
        case .image(let error): error.exitStatus
        case .dump(let error): error.exitStatus
        case .truncatedDump: ExitStatus.truncatedDump
        }
    }
}

extension FrameDumpError: DocumentedStatus {
    /// Reading a dump: 74 for an I/O error, 65 for damage.
    var exitStatus: Int32 {
        if case .io = self { return ExitStatus.ioError }
        return ExitStatus.dataError
    }

    /// Starting a dump: 74 when the disk or device failed or had no room (the README's
    /// "cannot write"), else 73.
    var creationStatus: Int32 {
        guard case .io(_, let errno) = self else { return ExitStatus.cannotCreate }
        return [Errno.noSpace, .ioError, .fileTooLarge, .diskQuotaExceeded].contains(errno) ? ExitStatus.ioError : ExitStatus.cannotCreate
    }
}

extension CaptureError: DocumentedStatus {
    var exitStatus: Int32 {
        switch self {
        case .notFound, .notAVideoDevice, .notACaptureDevice: ExitStatus.noInput
        case .permissionDenied: ExitStatus.permissionDenied
        case .busy: ExitStatus.deviceBusy
        case .unsuitableFormat, .formatRefused: ExitStatus.unavailable
        case .disconnected: ExitStatus.cameraDisconnected
        case .system: ExitStatus.ioError
        }
    }
}

extension InputDeviceError: DocumentedStatus {
    var exitStatus: Int32 {
        switch self {
        case .notFound, .notAnEventDevice: ExitStatus.noInput
        case .permissionDenied: ExitStatus.permissionDenied
        case .disconnected: ExitStatus.cameraDisconnected
        case .notAPen, .failed: ExitStatus.unavailable
        }
    }
}

extension NotebookError: DocumentedStatus {
    var exitStatus: Int32 {
        switch self {
        case .cannotOpen: ExitStatus.cannotCreate
        case .notANotebookDatabase: ExitStatus.dataError
        case .noSuchNotebook, .noSuchEntry, .noSuchWord, .notAKnownWord: ExitStatus.noInput
        case .notebookExists, .invalidWord, .invalidTitle, .duplicateWord, .wordInSeveralNotebooks, .knownWordHasEntries,
            .knownWord:
            ExitStatus.usage
        case .database: ExitStatus.ioError
        }
    }
}

/// The status for an error a source gave (a camera, a dump): its documented one, else 74.
func documentedStatus(of error: any Error) -> Int32 {
    (error as? any DocumentedStatus)?.exitStatus ?? ExitStatus.ioError
}
