import ScryCore
import ScryPipeline
import Testing

/// The follower's rules with estimates given in turn (the estimator's own tests read real
/// pages): an undecided stream is said to be so once, a decision is taken at once, a change
/// needs two estimates that agree.
struct OrientationFollowerTests {
    private final class Estimates {
        var queue: [OrientationEstimate?]
        init(_ queue: [OrientationEstimate?]) { self.queue = queue }
        func next() -> OrientationEstimate? { queue.isEmpty ? nil : queue.removeFirst() }
    }

    private let frame = GrayImage(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 16))

    /// The follower's answers at each estimate (frames between estimates skipped).
    private func answers(_ estimates: [OrientationEstimate?]) -> [(ImageOrientation, Bool)?] {
        let given = Estimates(estimates)
        let follower = OrientationFollower { _ in given.next() }
        var result: [(ImageOrientation, Bool)?] = []
        var frames = 0
        while result.count < estimates.count, frames < 1000 {
            frames += 1
            let before = given.queue.count
            let answer = follower.follow(frame)
            if given.queue.count < before { result.append(answer.map { ($0.orientation, $0.estimate.isDecided) }) }
        }
        return result
    }

    @Test func anUndecidedStreamIsSaidToBeSoOnceThenDecided() {
        let undecided = OrientationEstimate(clockwiseDegrees: 180, confidence: 0.2, threshold: 0.5)
        let down = OrientationEstimate(clockwiseDegrees: 180, confidence: 0.9, threshold: 0.5)
        let found = answers([nil, undecided, undecided, down, down])
        #expect(found.count == 5)
        #expect(found[0] == nil)  // no text: nothing to say
        #expect(found[1].map { $0.0 == .up && !$0.1 } == true)  // undecided, said once, kept up
        #expect(found[2] == nil)
        #expect(found[3].map { $0.0 == .down && $0.1 } == true)  // the first decision, at once
        #expect(found[4] == nil)
    }

    @Test func aChangeNeedsTwoEstimatesThatAgree() {
        let down = OrientationEstimate(clockwiseDegrees: 180, confidence: 0.9, threshold: 0.5)
        let left = OrientationEstimate(clockwiseDegrees: 90, confidence: 0.9, threshold: 0.5)
        let found = answers([down, left, down, left, left])
        #expect(found[0].map { $0.0 == .down } == true)
        // One estimate for left, then down again: no change; then two in a row: left.
        #expect(found[1] == nil && found[2] == nil && found[3] == nil)
        #expect(found[4].map { $0.0 == .left && $0.1 } == true)
    }
}
