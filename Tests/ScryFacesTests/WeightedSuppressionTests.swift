import ScryCore
import Testing

@testable import ScryFaces

@Suite struct WeightedSuppressionTests {
    func candidate(x: Double, score: Double) -> FaceCandidate {
        FaceCandidate(
            box: PixelRect(x: x, y: 10, width: 40, height: 40),
            keypoints: Array(repeating: PixelPoint(x: x + 20, y: 30), count: 6), score: score)
    }

    @Test func overlappingCandidatesAreAveragedByScoreAndKeepTheBestScore() throws {
        let merged = WeightedSuppression.merged([candidate(x: 100, score: 0.6), candidate(x: 104, score: 0.9)])
        let face = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(face.score == 0.9)
        #expect(abs(face.box.x - (100 * 0.6 + 104 * 0.9) / 1.5) < 1e-9)
        #expect(abs(face.keypoints[2].x - ((120 * 0.6 + 124 * 0.9) / 1.5)) < 1e-9)
    }

    @Test func separateFacesStaySeparateBestFirst() {
        let merged = WeightedSuppression.merged([candidate(x: 0, score: 0.7), candidate(x: 200, score: 0.8)])
        #expect(merged.map(\.box.x) == [200, 0])
    }

    @Test func overlapBelowTheThresholdIsTwoFaces() {
        // 40-pixel boxes 25 pixels apart: intersection 15x40, union 65x40, IoU 0.23.
        #expect(WeightedSuppression.merged([candidate(x: 0, score: 0.7), candidate(x: 25, score: 0.8)]).count == 2)
    }
}
