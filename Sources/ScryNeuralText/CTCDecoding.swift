/// Greedy CTC decoding of a recognizer's scores: the likeliest class in each column, repeats
/// merged, blanks dropped.
public struct CTCDecoding: Sendable {
    /// The characters by class number; class 0 is the blank, class `characters.count + 1` a
    /// space (PaddleOCR's layout).
    public let characters: [String]

    public init(characters: [String]) {
        self.characters = characters
    }

    /// The classes a recognizer built on this list scores per column.
    public var classCount: Int { characters.count + 2 }

    /// Each character's class number (the first, where the list has a character twice).
    public var classNumbers: [String: Int] {
        var classes: [String: Int] = [:]
        for (number, character) in characters.enumerated() where classes[character] == nil { classes[character] = number + 1 }
        return classes
    }

    /// One decoded character: its text, its score (the column's probability), and the
    /// columns it spans (the first and last column of its run).
    public struct Character: Sendable, Equatable {
        public var text: String
        public var score: Float
        public var columns: ClosedRange<Int>
    }

    /// Decodes `scores`, `columns` rows of `classCount` probabilities each.
    public func decode(_ scores: ArraySlice<Float>, columns: Int) -> [Character] {
        precondition(scores.count == columns * classCount, "scores do not match the class list")
        var decoded: [Character] = []
        var previous = 0
        scores.withUnsafeBufferPointer { scores in
            for column in 0..<columns {
                let row = column * classCount
                var best = 0
                var bestScore = scores[row]
                for index in 1..<classCount where scores[row + index] > bestScore {
                    best = index
                    bestScore = scores[row + index]
                }
                defer { previous = best }
                guard best != 0 else { continue }
                if best == previous, var last = decoded.popLast() {
                    last.columns = last.columns.lowerBound...column
                    last.score = max(last.score, bestScore)
                    decoded.append(last)
                    continue
                }
                let text = best <= characters.count ? characters[best - 1] : " "
                decoded.append(Character(text: text, score: bestScore, columns: column...column))
            }
        }
        return decoded
    }
}
