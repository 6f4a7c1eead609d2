import ScryCore

/// Where a run's lines go (stdout as JSON lines, in scry). Lanes write from their own
/// threads, so a sink must keep lines whole and in the order each thread writes them.
public protocol EventSink: Sendable {
    /// Writes one line. A thrown error stops the run: the lanes stop writing and the error
    /// comes back in the run's outcome.
    func write(_ line: any OutputLine) throws
}
