import Foundation
import ScryCore
import ScryDumps
import ScryPipeline
import ScryTestSupport
import Synchronization
import SystemPackage
import Testing

/// Lockstep: every detector sees every frame, in the order given, and its lines are written
/// before the next frame; the closing lines come last, in the same order.
@Test func lockstepRunsEveryDetectorOnEveryFrameInOrder() {
    let sink = CollectingSink()
    let barcodes = RecordingDetector("a")
    let text = RecordingDetector("b")
    let pipeline = DetectionPipeline(detectors: [barcodes, text], orientation: .fixed(.up), mode: .lockstep, sink: sink)
    let source = InMemoryFrameSource(frames: (1...4).map { grayFrame($0) })
    let outcome = FrameRun(source: source, pipeline: pipeline).run()
    guard case .sourceEnded = outcome.end else { Issue.record("ended with \(outcome.end)"); return }
    #expect(sink.tags == ["a:1", "b:1", "a:2", "b:2", "a:3", "b:3", "a:4", "b:4", "a:end", "b:end"])
    #expect(outcome.frames == 4)
    #expect(outcome.lanes.map(\.name) == ["a", "b"])
    #expect(outcome.lanes.map(\.statistics.processed) == [4, 4])
    #expect(outcome.lanes.map(\.statistics.dropped) == [0, 0])
    #expect(source.isStopped)
}

/// Threaded: a lane held busy never holds up the capture loop. The source gives all ten
/// frames while the lane is stuck in its first one (the gate opens only when the source is
/// asked for the eleventh); the frames posted meanwhile replace each other in the mailbox and
/// are counted as dropped, and the newest is processed when the lane is free.
@Test func aBusyLaneDropsFramesAndNeverHoldsUpCapture() {
    let gate = DispatchSemaphore(value: 0)
    let slow = RecordingDetector("slow", gate: gate)
    let fast = RecordingDetector("fast")
    let sink = CollectingSink()
    let pipeline = DetectionPipeline(detectors: [fast, slow], orientation: .fixed(.up), mode: .threaded, sink: sink)
    let source = InMemoryFrameSource(frames: (1...10).map { grayFrame($0) }) { index in
        if index == 10 { gate.signal(); gate.signal() }
    }
    let outcome = FrameRun(source: source, pipeline: pipeline).run()
    guard case .sourceEnded = outcome.end else { Issue.record("ended with \(outcome.end)"); return }
    let lane = outcome.lanes.first { $0.name == "slow" }!.statistics
    #expect(lane.processed + lane.dropped == 10, "every frame is processed or counted as dropped")
    #expect(lane.dropped >= 8)
    #expect(slow.framesSeen.last == 10, "the newest frame is the one kept")
    #expect(slow.framesSeen == slow.framesSeen.sorted(), "no frame is processed twice or out of order")
    let fastLane = outcome.lanes.first { $0.name == "fast" }!.statistics
    #expect(fastLane.processed + fastLane.dropped == 10)
    #expect(sink.tags.filter { $0.hasSuffix(":end") }.sorted() == ["fast:end", "slow:end"])
}

/// A stop request (SIGINT, SIGTERM) is honoured between frames: the frames taken are kept,
/// the source is stopped and the lanes write their closing lines.
@Test func aStopRequestEndsTheRunBetweenFrames() {
    let sink = CollectingSink()
    let detector = RecordingDetector("a")
    let source = InMemoryFrameSource(frames: (1...10).map { grayFrame($0) })
    let pipeline = DetectionPipeline(detectors: [detector], orientation: .fixed(.up), mode: .threaded, sink: sink)
    let outcome = FrameRun(
        source: source, pipeline: pipeline, stopRequest: { source.readingsGiven == 3 ? "SIGTERM" : nil }
    ).run()
    guard case .stopped("SIGTERM") = outcome.end else { Issue.record("ended with \(outcome.end)"); return }
    #expect(outcome.frames == 3)
    #expect(source.isStopped)
    #expect(sink.tags.last == "a:end")
}

/// A camera that disconnects: the run ends with the source's error, every frame before it is
/// in the recording, and the tracks still open are closed.
@Test func aDisconnectKeepsEveryFrameBeforeIt() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("kept.scrydump").path
    let recorder = try FrameDumpWriter(path: FilePath(path))
    let sink = CollectingSink()
    let frames = (1...5).map { grayFrame($0) }
    let source = InMemoryFrameSource(frames: frames, then: .failure(CameraUnplugged()))
    let pipeline = DetectionPipeline(
        detectors: [RecordingDetector("a")], orientation: .fixed(.up), mode: .threaded, sink: sink)
    let outcome = FrameRun(source: source, pipeline: pipeline, recorder: recorder).run()
    guard case .sourceFailed(let error) = outcome.end, error is CameraUnplugged else {
        Issue.record("ended with \(outcome.end)")
        return
    }
    #expect(outcome.frames == 5)
    #expect(outcome.recorded == 5)
    let reader = try FrameDumpReader(path: FilePath(path))
    var read: [Frame] = []
    while let frame = try reader.next() { read.append(frame) }
    #expect(read == frames)
    #expect(reader.truncation == nil)
    #expect(sink.tags.last == "a:end")
}

/// A camera poll that times out is no frame: it is not counted, and the loop checks its
/// stop conditions again.
@Test func pollsThatFindNothingAreNotFrames() {
    let sink = CollectingSink()
    let source = InMemoryFrameSource([
        .nothingYet, .frame(grayFrame(1), captured: .now), .nothingYet, .nothingYet,
        .frame(grayFrame(2), captured: .now),
    ])
    let pipeline = DetectionPipeline(detectors: [RecordingDetector("a")], orientation: .fixed(.up), mode: .lockstep, sink: sink)
    let outcome = FrameRun(source: source, pipeline: pipeline).run()
    #expect(outcome.frames == 2)
    #expect(sink.tags == ["a:1", "a:2", "a:end"])
}

@Test func limitsEndTheRun() {
    let source = InMemoryFrameSource(frames: (1...10).map { grayFrame($0) })
    let pipeline = DetectionPipeline(
        detectors: [RecordingDetector("a")], orientation: .fixed(.up), mode: .lockstep, sink: CollectingSink())
    let outcome = FrameRun(source: source, pipeline: pipeline, limits: RunLimits(frames: 3)).run()
    guard case .frameLimit(3) = outcome.end else { Issue.record("ended with \(outcome.end)"); return }
    #expect(outcome.frames == 3)
    #expect(outcome.firstTimestamp == 33_000_000)
    #expect(outcome.lastTimestamp == 99_000_000)
    #expect(outcome.elapsedSeconds == 0.066)
}

/// stdout's reader gone: noticed by the poll before any line is written, or by a lane's
/// write, in either mode; the run ends quietly and writes nothing more.
@Test(arguments: [DetectionPipeline.Mode.threaded, .lockstep])
func aClosedOutputEndsTheRunQuietly(mode: DetectionPipeline.Mode) {
    let polled = InMemoryFrameSource(frames: (1...5).map { grayFrame($0) })
    let quiet = DetectionPipeline(detectors: [RecordingDetector("a")], orientation: .fixed(.up), mode: mode, sink: CollectingSink())
    let first = FrameRun(source: polled, pipeline: quiet, isOutputClosed: { true }).run()
    guard case .outputClosed = first.end else { Issue.record("ended with \(first.end)"); return }
    #expect(first.frames == 0)

    let sink = CollectingSink(failingAt: 0)
    let source = InMemoryFrameSource(frames: (1...50).map { grayFrame($0) })
    let pipeline = DetectionPipeline(detectors: [RecordingDetector("a")], orientation: .fixed(.up), mode: mode, sink: sink)
    let outcome = FrameRun(source: source, pipeline: pipeline, isClosedOutputError: { $0 is SinkClosed }).run()
    guard case .outputClosed = outcome.end else { Issue.record("ended with \(outcome.end)"); return }
    #expect(sink.written.isEmpty)
}

/// Any other write error fails the run with that error.
@Test func aSinkFailureFailsTheRun() {
    let sink = CollectingSink(failingAt: 1, with: CameraUnplugged())
    let source = InMemoryFrameSource(frames: (1...5).map { grayFrame($0) })
    let pipeline = DetectionPipeline(detectors: [RecordingDetector("a")], orientation: .fixed(.up), mode: .lockstep, sink: sink)
    let outcome = FrameRun(source: source, pipeline: pipeline, isClosedOutputError: { $0 is SinkClosed }).run()
    guard case .laneFailed(.sink(let error)) = outcome.end, error is CameraUnplugged else {
        Issue.record("ended with \(outcome.end)")
        return
    }
    #expect(outcome.frames == 2)
}

/// A frame whose payload does not fit its format stops the run as bad data.
@Test func anUnreadableFrameFailsTheRun() {
    var broken = grayFrame(7)
    broken.payload.removeLast(100)
    let source = InMemoryFrameSource(frames: [grayFrame(6), broken, grayFrame(8)])
    let pipeline = DetectionPipeline(
        detectors: [RecordingDetector("a")], orientation: .fixed(.up), mode: .lockstep, sink: CollectingSink())
    let outcome = FrameRun(source: source, pipeline: pipeline).run()
    guard case .laneFailed(.unreadableFrame(sequence: 7, _)) = outcome.end else {
        Issue.record("ended with \(outcome.end)")
        return
    }
}

/// `--orientation auto`: the follower's change is written before the frame's detections, and
/// from that frame on the detectors get the frame turned upright (64x48 stored, 48x64 upright).
@Test(arguments: [DetectionPipeline.Mode.threaded, .lockstep])
func aFollowedOrientationTurnsTheFrames(mode: DetectionPipeline.Mode) {
    let sink = CollectingSink()
    let detector = RecordingDetector("a")
    let pipeline = DetectionPipeline(
        detectors: [detector], orientation: .followed(TurningFollower(to: .right)), mode: mode, sink: sink)
    var firstSize: ImageSize?
    pipeline.beforeFirstFrame = { _, size in firstSize = size }
    let source = InMemoryFrameSource(frames: [grayFrame(1)])
    _ = FrameRun(source: source, pipeline: pipeline).run()
    #expect(sink.tags == ["orientation:right", "a:1", "a:end"])
    #expect(detector.uprightSizes == [ImageSize(width: 48, height: 64)])
    #expect(pipeline.currentOrientation == .right)
    if mode == .lockstep { #expect(firstSize == ImageSize(width: 48, height: 64)) }
}

/// Readied before the first frame (`prepare`), every detector is told once the size its frames
/// will have upright: the stored size turned by the run's orientation (64x48 stored, 48x64
/// upright from a camera turned right), the size they then get.
@Test(arguments: [ImageOrientation.up, .right], [DetectionPipeline.Mode.threaded, .lockstep])
func detectorsArePreparedForTheFramesUprightSize(orientation: ImageOrientation, mode: DetectionPipeline.Mode) {
    let detectors = [RecordingDetector("a"), RecordingDetector("b")]
    let pipeline = DetectionPipeline(detectors: detectors, orientation: .fixed(orientation), mode: mode, sink: CollectingSink())
    pipeline.prepare(forStoredFrameSize: ImageSize(width: 64, height: 48))
    _ = FrameRun(source: InMemoryFrameSource(frames: [grayFrame(1)]), pipeline: pipeline).run()
    let upright = orientation == .up ? ImageSize(width: 64, height: 48) : ImageSize(width: 48, height: 64)
    for detector in detectors {
        #expect(detector.preparedSizes == [upright])
        #expect(detector.uprightSizes == [upright])
    }
}

/// Threaded: a lane whose frames come out past its deadline is counted as late in the stats
/// line and said to be behind once, through the pipeline's `warn`; its detector's shortfalls
/// are counted and said once too. (Each frame sleeps 5 ms against a deadline of 1 ms: a busier
/// machine only makes it later.)
@Test func aLateLaneIsCountedAndSaidOnce() throws {
    final class SlowDetector: Detector {
        let kind = LaneKind(name: "slow", detectionNoun: "frames", budget: LaneBudget(deadline: .milliseconds(1)))
        func detect(_ input: DetectorInput) -> DetectorOutput {
            Thread.sleep(forTimeInterval: 0.005)
            return DetectorOutput(
                events: [], detections: 0,
                shortfalls: [LaneShortfall(counter: "things_missed", count: 1, warning: "a thing was missed")])
        }
        func finish() -> [any OutputLine] { [] }
    }
    let warnings = Mutex<[String]>([])
    let pipeline = DetectionPipeline(
        detectors: [SlowDetector()], orientation: .fixed(.up), mode: .threaded, sink: CollectingSink(),
        warn: { message in warnings.withLock { $0.append(message) } })
    // Each frame is posted once the lane has taken the one before (the source waits for it).
    let monitor = pipeline.monitor
    let source = InMemoryFrameSource(frames: (1...12).map { grayFrame($0) }) { index in
        while monitor.current()[0].statistics.processed < index { Thread.sleep(forTimeInterval: 0.001) }
    }
    let outcome = FrameRun(source: source, pipeline: pipeline).run()
    let lane = outcome.lanes[0].statistics
    #expect(lane.processed == 12 && lane.dropped == 0)
    #expect(lane.late == 12)
    #expect(lane.shortfalls == ["things_missed": 12])
    guard case .object(let json) = lane.json else { Issue.record("not an object"); return }
    #expect(json["late"] == .int(12) && json["things_missed"] == .int(12) && json["below_floor"] == .int(0))
    let said = warnings.withLock { $0 }
    #expect(said.count == 2)
    #expect(said.contains("a thing was missed"))
    #expect(said.contains { $0.hasPrefix("the slow lane is behind: 5 frames in a row") })
}

/// A detector whose lane has a share (`LaneBudget.sharedFramesPerSecond`, `sharedNiceness`):
/// it keeps when it started each frame and its thread's nice value.
final class SharingDetector: Detector, @unchecked Sendable {
    let kind = LaneKind(
        name: "sharing", detectionNoun: "frames", budget: LaneBudget(sharedFramesPerSecond: 20, sharedNiceness: 5))
    private let seen = Mutex<[(start: ContinuousClock.Instant, nice: Int32)]>([])

    func detect(_ input: DetectorInput) -> DetectorOutput {
        // On Linux a thread's nice value is its own, and 0 names the calling thread.
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        seen.withLock { $0.append((.now, nice)) }
        return DetectorOutput(events: [], detections: 0)
    }

    func finish() -> [any OutputLine] { [] }

    var starts: [ContinuousClock.Instant] { seen.withLock { $0.map(\.start) } }
    var niceValues: [Int32] { seen.withLock { $0.map(\.nice) } }
}

/// Threaded, with another lane: a lane with a share runs at its nice value and starts its
/// frames at least 1/20 s apart (it waits its turn; a busier machine only spaces them more),
/// the frames meanwhile replaced in its mailbox and counted as dropped. Alone, it runs at nice
/// 0 and takes every frame as it comes.
@Test func aLaneWithAShareWaitsItsTurnOnlyWhenOtherLanesShareTheRun() {
    let shared = SharingDetector()
    let pipeline = DetectionPipeline(
        detectors: [RecordingDetector("other"), shared], orientation: .fixed(.up), mode: .threaded, sink: CollectingSink())
    let source = InMemoryFrameSource(frames: (1...12).map { grayFrame($0) }) { _ in Thread.sleep(forTimeInterval: 0.01) }
    let outcome = FrameRun(source: source, pipeline: pipeline).run()
    let lane = outcome.lanes.first { $0.name == "sharing" }!.statistics
    #expect(lane.processed + lane.dropped == 12)
    #expect(shared.niceValues.allSatisfy { $0 == 5 }, "\(shared.niceValues)")
    let gaps = zip(shared.starts, shared.starts.dropFirst()).map { $1 - $0 }
    #expect(gaps.allSatisfy { $0 >= .milliseconds(50) }, "\(gaps)")

    let alone = SharingDetector()
    let onItsOwn = DetectionPipeline(detectors: [alone], orientation: .fixed(.up), mode: .threaded, sink: CollectingSink())
    let monitor = onItsOwn.monitor
    // Each frame is posted once the lane has taken the one before.
    let paced = InMemoryFrameSource(frames: (1...12).map { grayFrame($0) }) { index in
        while monitor.current()[0].statistics.processed < index { Thread.sleep(forTimeInterval: 0.001) }
    }
    let aloneOutcome = FrameRun(source: paced, pipeline: onItsOwn).run()
    #expect(aloneOutcome.lanes[0].statistics.processed == 12)
    #expect(alone.niceValues == Array(repeating: 0, count: 12))
}

/// A detector that has lines of text waiting to be read after every frame.
final class ReadingDetector: Detector {
    let kind = LaneKind(name: "text", detectionNoun: "lines")
    func detect(_ input: DetectorInput) -> DetectorOutput { DetectorOutput(events: [], detections: 0, linesWaitingToBeRead: 3) }
    func finish() -> [any OutputLine] { [] }
}

/// A detector whose lane gives way to reading (`LaneBudget.yieldingFramesPerSecond`).
final class YieldingDetector: Detector, @unchecked Sendable {
    let kind = LaneKind(
        name: "yielding", detectionNoun: "frames",
        budget: LaneBudget(sharedFramesPerSecond: 20, sharedNiceness: 5, yieldingFramesPerSecond: 5))
    private let seen = Mutex<[ContinuousClock.Instant]>([])
    func detect(_ input: DetectorInput) -> DetectorOutput {
        seen.withLock { $0.append(.now) }
        return DetectorOutput(events: [], detections: 0)
    }
    func finish() -> [any OutputLine] { [] }
    var starts: [ContinuousClock.Instant] { seen.withLock { $0 } }
}

/// Threaded: while the text lane says lines wait to be read, a lane with a yielding share
/// starts its frames at least 1/5 s apart instead of 1/20 (after its first frame, which may end
/// before the text lane has said anything; a busier machine only spaces them more).
@Test func aLaneGivesWayWhileLinesWaitToBeRead() {
    let yielding = YieldingDetector()
    let pipeline = DetectionPipeline(
        detectors: [ReadingDetector(), yielding], orientation: .fixed(.up), mode: .threaded, sink: CollectingSink())
    let source = InMemoryFrameSource(frames: (1...60).map { grayFrame($0) }) { _ in Thread.sleep(forTimeInterval: 0.01) }
    _ = FrameRun(source: source, pipeline: pipeline).run()
    let gaps = zip(yielding.starts, yielding.starts.dropFirst()).map { $1 - $0 }
    #expect(gaps.count >= 2, "\(gaps)")
    #expect(gaps.dropFirst().allSatisfy { $0 >= .milliseconds(200) }, "\(gaps)")
    #expect(LaneBudget(sharedFramesPerSecond: 10).yieldingFrameInterval == nil)
}
