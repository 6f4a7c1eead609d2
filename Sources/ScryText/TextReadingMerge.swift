import ScryCore
/// Two recognitions of one image (say, of the image as it is and of its contrast-normalized
/// copy) merged line by line, keeping for each line the reading tesseract was surer of; and
/// when a reading is doubtful enough to be worth a second one (`isDoubtful`).
///
/// Both readings are lists of `TextObservation` in the same pixel space: lines in reading
/// order, then their words and characters, as `TesseractEngine.detect` gives them. A word or
/// character belongs to the line of its reading whose box holds its centre.
///
/// - A line found in both (box IoU >= `sameLineOverlap`) is taken, with its words and
///   characters, from the reading with the higher score: the sum over its words of confidence
///   times letters (the line's own confidence times letters when words were not kept).
/// - A line only the first reading found is kept.
/// - A line only the second reading found is kept when it overlaps no line of the first: text
///   the first reading missed altogether, such as faded print.
public enum TextReadingMerge {
    /// Box overlap from which two lines are the same line.
    public static let sameLineOverlap = 0.5

    /// Line confidence below which a reading is worth a second one. Rendered book pages read
    /// every line at 0.94 or more; every receipt has lines below 0.9.
    public static let doubtfulLineConfidence = 0.9

    /// Whether `reading` is worth a second reading: a line read with confidence below
    /// `doubtfulLineConfidence`.
    public static func isDoubtful(_ reading: [TextObservation]) -> Bool {
        reading.contains { $0.level == .line && ($0.confidence ?? 0) < doubtfulLineConfidence }
    }

    /// The merged reading: lines in reading order, then words, then characters.
    public static func merged(_ first: [TextObservation], _ second: [TextObservation]) -> [TextObservation] {
        let firstLines = ReadLine.lines(of: first)
        let secondLines = ReadLine.lines(of: second)
        var taken = Set<Int>()
        var chosen: [ReadLine] = []
        for line in firstLines {
            let match = secondLines.indices
                .filter { !taken.contains($0) }
                .map { ($0, secondLines[$0].line.pixelBounds.intersectionOverUnion(line.line.pixelBounds)) }
                .max { $0.1 < $1.1 }
            if let match, match.1 >= sameLineOverlap {
                taken.insert(match.0)
                chosen.append(secondLines[match.0].score > line.score ? secondLines[match.0] : line)
            } else {
                chosen.append(line)
            }
        }
        for (index, line) in secondLines.enumerated() where !taken.contains(index) {
            guard !firstLines.contains(where: { $0.line.pixelBounds.overlaps(line.line.pixelBounds) }) else { continue }
            // Placed before the first line that starts below it.
            let position = chosen.firstIndex { $0.line.pixelBounds.y > line.line.pixelBounds.y } ?? chosen.count
            chosen.insert(line, at: position)
        }
        return chosen.map(\.line) + chosen.flatMap(\.words) + chosen.flatMap(\.characters)
    }
}

/// One recognized line with the words and characters inside it.
private struct ReadLine {
    var line: TextObservation
    var words: [TextObservation] = []
    var characters: [TextObservation] = []

    /// Confidence times letters, summed over the words (or of the line, without words).
    var score: Double {
        let parts = words.isEmpty ? [line] : words
        return parts.reduce(0) { $0 + ($1.confidence ?? 0) * Double($1.letterCount) }
    }

    static func lines(of reading: [TextObservation]) -> [ReadLine] {
        var lines = reading.filter { $0.level == .line }.map { ReadLine(line: $0) }
        for observation in reading where observation.level != .line {
            let centre = observation.pixelBounds.centre
            guard let index = lines.firstIndex(where: { $0.line.pixelBounds.contains(centre) }) else { continue }
            if observation.level == .word {
                lines[index].words.append(observation)
            } else {
                lines[index].characters.append(observation)
            }
        }
        return lines
    }
}

extension TextObservation {
    /// Characters of the text other than white space.
    fileprivate var letterCount: Int { (text ?? "").unicodeScalars.filter { !$0.properties.isWhitespace }.count }
}

extension PixelRect {
    /// Whether the two rectangles share any area.
    func overlaps(_ other: PixelRect) -> Bool {
        min(x + width, other.x + other.width) > max(x, other.x)
            && min(y + height, other.y + other.height) > max(y, other.y)
    }
}
