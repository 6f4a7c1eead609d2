import ArgumentParser
import ScryPipeline
import Testing

@testable import scry

private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "No space left on device" }
}

// 12. A lane that fails for any reason but a closed stdout ends the run with a failure.
@Test func aLaneErrorOtherThanAClosedStdoutIsAFailure() {
    #expect(Output.isClosedOutput(OutputClosed()))
    #expect(!Output.isClosedOutput(DiskFull()))
    #expect(!Output.isClosedOutput(ExitCode.success))
    let failure = CommandFailure(LaneFailure.sink(DiskFull()))
    #expect(failure.status == ExitStatus.ioError)
    #expect(failure.message.contains("No space left on device"))
    #expect(CommandFailure(LaneFailure.sink(CommandFailure(message: "x", status: 65))).status == 65)
    #expect(CommandFailure(LaneFailure.unreadableFrame(sequence: 7, reason: "short"), file: "a.scrydump").message == "a.scrydump: frame 7: short")
}
