import Testing

@testable import ScryNeuralText

@Suite struct CTCDecodingTests {
    let decoding = CTCDecoding(characters: ["a", "b", "l"])

    /// Scores with one sure class per column: 0 blank, 1...3 the characters, 4 a space.
    func scores(_ classes: [Int], sureness: Float = 0.9) -> [Float] {
        classes.flatMap { best in (0..<5).map { $0 == best ? sureness : (1 - sureness) / 4 } }
    }

    @Test func repeatsMergeAndBlanksSeparate() {
        // "b a l l": the double l needs a blank between its columns.
        let decoded = decoding.decode(scores([2, 2, 0, 1, 3, 0, 3, 0])[...], columns: 8)
        #expect(decoded.map(\.text).joined() == "ball")
        #expect(decoded.map(\.columns) == [0...1, 3...3, 4...4, 6...6])
    }

    @Test func theClassAfterTheListIsASpace() {
        let decoded = decoding.decode(scores([1, 4, 2])[...], columns: 3)
        #expect(decoded.map(\.text) == ["a", " ", "b"])
        #expect(decoding.classCount == 5)
    }

    @Test func anAllBlankLineIsEmpty() {
        #expect(decoding.decode(scores([0, 0, 0])[...], columns: 3).isEmpty)
        #expect(decoding.decode([][...], columns: 0).isEmpty)
    }
}
