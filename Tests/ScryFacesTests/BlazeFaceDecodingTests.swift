import Foundation
import ScryCore
import Testing

@testable import ScryFaces

@Suite struct BlazeFaceDecodingTests {
    /// Outputs with every anchor's score far below any threshold.
    func emptyOutputs() -> (regressors: [Float], scores: [Float]) {
        (
            [Float](repeating: 0, count: BlazeFaceDecoding.anchorCount * BlazeFaceDecoding.valuesPerAnchor),
            [Float](repeating: -20, count: BlazeFaceDecoding.anchorCount)
        )
    }

    @Test func anAnchorsOffsetsAreInInputPixelsFromItsCellCentre() throws {
        var (regressors, scores) = emptyOutputs()
        // Anchor at column 10, row 20: its centre is (10.5, 20.5) cells of 4 pixels.
        let anchor = 20 * 48 + 10
        scores[anchor] = 2  // sigmoid 0.881
        let values: [Float] = [3, -2, 30, 32, 1, 1, -1, 1, 0, 2, 0, 4, 5, 0, -5, 0]
        for (index, value) in values.enumerated() { regressors[anchor * 16 + index] = value }
        let found = BlazeFaceDecoding.candidates(regressors: regressors, scores: scores, minimumScore: 0.5)
        let face = try #require(found.first)
        #expect(found.count == 1)
        #expect(abs(face.score - 1 / (1 + exp(-2.0))) < 1e-9)
        let centre = (x: 10.5 * 4, y: 20.5 * 4)
        #expect(face.box == PixelRect(x: centre.x + 3 - 15, y: centre.y - 2 - 16, width: 30, height: 32))
        #expect(face.keypoints[0] == PixelPoint(x: centre.x + 1, y: centre.y + 1))
        #expect(face.keypoints[5] == PixelPoint(x: centre.x - 5, y: centre.y))
    }

    @Test func theThresholdIsOnTheScoreAfterTheSigmoid() {
        var (regressors, scores) = emptyOutputs()
        for anchor in [0, 1] {
            regressors[anchor * 16 + 2] = 10
            regressors[anchor * 16 + 3] = 10
        }
        scores[0] = 0.1  // 0.525
        scores[1] = -0.1  // 0.475
        let found = BlazeFaceDecoding.candidates(regressors: regressors, scores: scores, minimumScore: 0.5)
        #expect(found.count == 1)
        #expect(found.first?.score ?? 0 > 0.5)
    }

    @Test func aBoxWithoutSizeIsNoFace() {
        var (regressors, scores) = emptyOutputs()
        scores[7] = 5
        regressors[7 * 16 + 2] = 0
        regressors[7 * 16 + 3] = 12
        #expect(BlazeFaceDecoding.candidates(regressors: regressors, scores: scores, minimumScore: 0.5).isEmpty)
    }
}
