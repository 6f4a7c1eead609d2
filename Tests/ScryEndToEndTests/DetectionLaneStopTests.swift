import ArgumentParser
import Testing

@testable import scry

private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "No space left on device" }
}

// 12. A lane that fails for any reason but a closed stdout ends the run with a failure.
@Test func aLaneErrorOtherThanAClosedStdoutIsAFailure() {
    guard case .outputClosed = DetectionLane.stop(for: ExitCode.success) else {
        Issue.record("a closed stdout must end quietly")
        return
    }
    guard case .failure(let failure) = DetectionLane.stop(for: DiskFull()) else {
        Issue.record("an unknown error must fail the run")
        return
    }
    #expect(failure.status == ExitStatus.ioError)
    #expect(failure.message.contains("No space left on device"))
    guard case .failure(let kept) = DetectionLane.stop(for: CommandFailure(message: "x", status: 65)) else {
        Issue.record("a command failure keeps its status")
        return
    }
    #expect(kept.status == 65)
    guard case .failure = DetectionLane.stop(for: ExitCode(3)) else {
        Issue.record("a non-zero exit code is a failure")
        return
    }
}
