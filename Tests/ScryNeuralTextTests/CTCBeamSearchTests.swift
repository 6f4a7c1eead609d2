import Foundation
import Testing

@testable import ScryNeuralText

/// The prefix beam search against every text it could find, each scored by the forward
/// algorithm: with a beam that never has to drop a prefix, the likeliest readings are exactly
/// the likeliest texts.
@Suite struct CTCBeamSearchTests {
    let decoding = CTCDecoding(characters: ["a", "b", "l"])

    /// Six columns of uneven probabilities over blank, a, b, l and the space (fixed, spread so
    /// that several readings are close).
    func scores(seed: UInt64) -> CTCScores {
        var state = seed
        var probabilities: [Float] = []
        for _ in 0..<6 {
            var row: [Float] = (0..<5).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Float(state >> 40 & 0xFFFF) / 65536 + 0.05
            }
            let sum = row.reduce(0, +)
            row = row.map { $0 / sum }
            probabilities += row
        }
        return CTCScores(probabilities: probabilities, columns: 6, decoding: decoding, classes: ["a": 1, "b": 2, "l": 3])
    }

    /// Every text of 1 to 6 characters over `alphabet`.
    func texts(over alphabet: [String]) -> [String] {
        var all: [String] = [], layer = [""]
        for _ in 1...6 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + $0 } }
            all += layer
        }
        return all
    }

    @Test(arguments: [1, 2, 3] as [UInt64]) func theLikeliestReadingsAreTheLikeliestTexts(seed: UInt64) throws {
        let scores = scores(seed: seed)
        let readings = scores.likeliestReadings(count: 5, beamWidth: 5000, floor: 0) { _ in true }
        let everyText = texts(over: ["a", "b", "l"]).map { ($0, scores.logLikelihood(of: $0)!) }
            .sorted { $0.1 > $1.1 }
        #expect(readings.map(\.text) == everyText.prefix(5).map(\.0))
        for (reading, text) in zip(readings, everyText) {
            #expect(abs(reading.logLikelihood - text.1) < 1e-9)
        }
    }

    @Test func onlyAcceptedCharactersAreRead() {
        let scores = scores(seed: 4)
        let readings = scores.likeliestReadings(count: 8, beamWidth: 5000, floor: 0) { $0 != "b" }
        #expect(readings.count == 8)
        #expect(readings.allSatisfy { !$0.text.contains("b") && !$0.text.contains(" ") && !$0.text.isEmpty })
        let everyText = texts(over: ["a", "l"]).map { ($0, scores.logLikelihood(of: $0)!) }.sorted { $0.1 > $1.1 }
        #expect(readings.map(\.text) == everyText.prefix(8).map(\.0))
    }

    @Test func aNarrowBeamStillGivesTheGreedyReadingsNeighbourhood() {
        // A sure line: "ball" with a blank between the two l's.
        let classes = [2, 2, 0, 1, 3, 0, 3, 0]
        let probabilities = classes.flatMap { best in (0..<5).map { $0 == best ? Float(0.9) : Float(0.025) } }
        let scores = CTCScores(probabilities: probabilities, columns: 8, decoding: decoding, classes: ["a": 1, "b": 2, "l": 3])
        let readings = scores.likeliestReadings(count: 3, beamWidth: 4) { _ in true }
        #expect(readings.first?.text == "ball")
        #expect(zip(readings, readings.dropFirst()).allSatisfy { $0.logLikelihood >= $1.logLikelihood })
        #expect(scores.likeliestReadings(count: 0) { _ in true }.isEmpty)
    }
}
