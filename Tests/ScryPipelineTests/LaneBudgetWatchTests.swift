import Foundation
import ScryCore
import Testing

@testable import ScryPipeline

/// A lane checked against its budget: what is late, below its floor or short is counted, and
/// each is said once.
struct LaneBudgetWatchTests {
    let start = ContinuousClock.now
    let kind = LaneKind(
        name: "face", detectionNoun: "faces", budget: LaneBudget(deadline: .seconds(1), floorFramesPerSecond: 10))

    @Test func aLaneLateOnFiveFramesInARowIsSaidToBeBehindOnce() {
        var watch = LaneBudgetWatch(kind: kind)
        var said: [String] = []
        // One slow frame, then an on-time one: counted, not said.
        said += watch.record(latency: .milliseconds(1500), done: start, offered: 1, shortfalls: [])
        said += watch.record(latency: .milliseconds(20), done: start + .milliseconds(33), offered: 2, shortfalls: [])
        #expect(watch.lateFrames == 1 && said.isEmpty)
        for index in 0..<(LaneBudget.lateFramesBeforeWarning * 2) {
            said += watch.record(
                latency: .milliseconds(1200), done: start + .milliseconds(66 + 33 * index), offered: 3 + index, shortfalls: [])
        }
        #expect(watch.lateFrames == 1 + 2 * LaneBudget.lateFramesBeforeWarning)
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("the face lane is behind: 5 frames in a row came out more than 1 s after their capture") == true)
    }

    @Test func aLaneSlowerThanItsFloorWhileFramesComeFasterIsBehind() {
        var watch = LaneBudgetWatch(kind: kind)
        var said: [String] = []
        // 30 frames a second offered, 5 analysed, for 3 s.
        for index in 0..<15 {
            said += watch.record(
                latency: .milliseconds(100), done: start + .milliseconds(200 * index), offered: 6 * index + 1, shortfalls: [])
        }
        // The first window is whole at 1.8 s (frame 9): frames 9 to 14 are below the floor.
        #expect(watch.framesBelowFloor == 6)
        #expect(said == [
            "the face lane is behind: it analysed 5 frames a second of the 30 that came (its floor is 10); "
                + "the cores are busier than the lanes need (counted as below_floor in the stats line)"
        ])
        #expect(watch.lateFrames == 0)
    }

    @Test func aSlowCameraIsNotALaneBelowItsFloor() {
        var watch = LaneBudgetWatch(kind: kind)
        // 5 frames a second come and each is analysed.
        for index in 0..<15 {
            #expect(watch.record(latency: .milliseconds(100), done: start + .milliseconds(200 * index), offered: index + 1, shortfalls: []).isEmpty)
        }
        #expect(watch.framesBelowFloor == 0)
    }

    @Test func shortfallsAreCountedAndEachSaidOnce() {
        var watch = LaneBudgetWatch(kind: LaneKind(name: "text", detectionNoun: "text regions"))
        let unread = { (count: Int) in LaneShortfall(counter: "lines_unread", count: count, warning: "\(count) unread") }
        #expect(watch.record(latency: .zero, done: start, offered: 1, shortfalls: [unread(2)]) == ["2 unread"])
        #expect(watch.record(latency: .zero, done: start, offered: 2, shortfalls: [unread(3)]).isEmpty)
        #expect(watch.record(latency: .zero, done: start, offered: 3, shortfalls: [unread(0)]).isEmpty)
        #expect(watch.shortfalls == ["lines_unread": 5])
    }
}
