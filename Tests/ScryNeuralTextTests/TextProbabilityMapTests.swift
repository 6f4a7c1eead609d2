import ScryCore
import Testing

@testable import ScryNeuralText

@Suite struct TextProbabilityMapTests {
    /// A map of `width` x `height`, 0 everywhere except the given boxes.
    func map(width: Int, height: Int, _ boxes: [(x: Range<Int>, y: Range<Int>, value: Float)]) -> TextProbabilityMap {
        var values = [Float](repeating: 0, count: width * height)
        for box in boxes { for y in box.y { for x in box.x { values[y * width + x] = box.value } } }
        return TextProbabilityMap(width: width, height: height, values: values)
    }

    @Test func eachBlobBecomesALineGrownBack() throws {
        let lines = map(width: 200, height: 100, [(10..<110, 20..<30, 0.9), (10..<60, 60..<70, 0.8)]).lines()
        try #require(lines.count == 2)
        // Dilation adds a row and a column: 101 x 11, grown by area * 1.25 / perimeter.
        let first = try #require(lines.first { $0.rectangle.centre.y < 50 })
        let distance = 101.0 * 11 * 1.25 / (2 * (101 + 11))
        #expect(abs(first.rectangle.length - (101 + 2 * distance)) < 1e-6)
        #expect(abs(first.rectangle.thickness - (11 + 2 * distance)) < 1e-6)
        #expect(abs(first.rectangle.centre.x - 60.5) < 1e-6 && abs(first.rectangle.centre.y - 25.5) < 1e-6)
        // The dilated border is mostly zeros: 100 x 10 at 0.9 over 101 x 11.
        #expect(abs(first.score - 0.9 * 1000 / 1111) < 1e-4)
    }

    @Test func faintAndThinBlobsAreDropped() {
        let lines = map(width: 200, height: 100, [(10..<110, 20..<30, 0.4), (10..<110, 60..<61, 0.99)]).lines()
        // 0.4 passes the pixel threshold but not the line's; a one-row blob is 2 rows dilated.
        #expect(lines.isEmpty)
    }

    @Test func diagonalNeighboursJoinOneBlob() {
        let blobs = TextProbabilityMap.blobs(
            in: [true, false, false, false, true, false, false, false, true], width: 3, height: 3)
        #expect(blobs.count == 1 && blobs[0].pixels == 3)
        let apart = TextProbabilityMap.blobs(in: [true, false, true, false, false, false, true, false, true], width: 3, height: 3)
        #expect(apart.count == 4)
    }

    @Test func aBlobShapedLikeAUIsOneBlob() {
        // Two arms joined only at the bottom: the runs above meet late.
        let mask: [Bool] = [
            true, false, true,
            true, false, true,
            true, true, true,
        ]
        let blobs = TextProbabilityMap.blobs(in: mask, width: 3, height: 3)
        #expect(blobs.count == 1 && blobs[0].pixels == 7)
    }

    @Test func anEmptyMapHasNoLines() {
        #expect(TextProbabilityMap(width: 0, height: 0, values: []).lines().isEmpty)
        #expect(map(width: 50, height: 50, []).lines().isEmpty)
    }
}
