import ScryGuidance
import Testing

/// `GuidanceRules` over made-up timelines of situations, at 30 frames a second.
struct GuidanceRulesTests {
    /// The hints given over `frames` (each frame's situations), with the frame each came at.
    private func hints(_ frames: [Set<Hint>]) -> [(frame: Int, hint: Hint)] {
        var rules = GuidanceRules()
        return frames.enumerated().compactMap { index, situations in
            rules.next(situations, at: UInt64(Double(index) * 1e9 / 30)).map { (index, $0) }
        }
    }

    private func repeated(_ situations: Set<Hint>, _ count: Int) -> [Set<Hint>] { Array(repeating: situations, count: count) }

    @Test func aSituationIsHintedOnceItHasLastedAFifthOfASecond() {
        let given = hints(repeated([], 30) + repeated([.holdStill], 60))
        #expect(given.map(\.hint) == [.holdStill])
        // 200 ms after its first frame, frame 30: frame 36.
        #expect(given.first?.frame == 36)
    }

    @Test func oneOddFrameIsNoSituation() {
        var frames = repeated([], 90)
        frames[40] = [.holdStill]
        frames[70] = [.glare]
        #expect(hints(frames).isEmpty)
    }

    @Test func aHintIsGivenOnceUntilItsSituationHasGoneForASecond() {
        // Blurred 2 s, sharp half a second (not a change), blurred 2 s, sharp 2 s, blurred.
        let frames = repeated([.holdStill], 60) + repeated([], 15) + repeated([.holdStill], 60) + repeated([], 60)
            + repeated([.holdStill], 30)
        #expect(hints(frames).map(\.frame) == [6, 201])
    }

    @Test func aSituationWithGapsStillCounts() {
        // A small code read in every other frame.
        let frames = (0..<60).map { $0 % 2 == 0 ? Set([Hint.moveCloser]) : [] }
        #expect(hints(frames).map(\.hint) == [.moveCloser])
    }

    @Test func atMostOneHintASecondLightFirst() {
        let given = hints(repeated([.moveCloser, .holdStill, .moreLight], 90))
        #expect(given.map(\.hint) == [.moreLight, .holdStill, .moveCloser])
        let frames = given.map(\.frame)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 - $0 >= 30 }, "\(frames)")
    }
}
