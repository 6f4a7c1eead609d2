import ArgumentParser
import ScryMotion
import ScryNotebook
import ScryPipeline

extension CommandFailure {
    /// The documented status for a lane that stopped a run: an unreadable frame is bad data
    /// (65); a sink's `CommandFailure` keeps its own; a notebook's error its documented one;
    /// any other error is an I/O error (74), never a quiet end. (A closed stdout is told apart before: `Output.isClosedOutput`.)
    init(_ failure: LaneFailure, file: String? = nil) {
        let prefix = file.map { "\($0): " } ?? ""
        switch failure {
        case .unreadableFrame:
            self.init(message: prefix + failure.description, status: ExitStatus.dataError)
        case .sink(let error as CommandFailure):
            self = error
        case .sink(let error):
            self.init(message: "\(error)", status: ExitStatus.ioError)
        case .annotation(let error):
            let status = if case .cannotCreate = error.reason { ExitStatus.cannotCreate } else { ExitStatus.ioError }
            self.init(message: "--annotate: \(error)", status: status)
        case .detector(_, let error as NotebookError):
            self.init(error)
        case .detector(_, let error as CommandFailure):
            self = error
        case .detector(_, let error as ObjectTrackingError):
            // A box that misses the frame is a bad command line, found at its frame.
            self.init(message: "\(error)", status: ExitStatus.usage)
        case .detector(let name, let error):
            self.init(message: "\(name): \(error)", status: ExitStatus.ioError)
        }
    }
}
