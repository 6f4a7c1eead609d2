import Glibc
import ScryCore
import ScryNeural

/// PP-OCR's line recognizer alone, for an image that is one line of text already (a word
/// written with a pen and drawn): the recognizer's scores for it, which can be read greedily
/// or asked how likely a given text is.
public final class LineRecognizer {
    private let recognizer: InferenceSession
    public let decoding: CTCDecoding
    /// Each character's class, made once (the list has thousands).
    private let classes: [String: Int]

    /// Loads the recognizer of `models`; throws as `NeuralTextEngine` does.
    public init(models: TextModels = .ppOCRv6Small, runtime: NeuralRuntime? = nil) throws(NeuralRuntimeError) {
        let loaded: NeuralRuntime
        if let runtime { loaded = runtime } else { loaded = try NeuralRuntime.shared() }
        let recognizer = try InferenceSession(modelPath: models.recognizer, threads: 1, runtime: loaded)
        let metadata = try ONNXMetadata(contentsOf: models.recognizer)
        guard let list = metadata.properties["character"], !list.isEmpty else {
            throw .unexpectedModelShape(path: models.recognizer, detail: "no character list (ONNX metadata key character)")
        }
        let decoding = CTCDecoding(characters: list.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        guard recognizer.inputShape.count == 4, recognizer.inputShape[2] == NeuralTextEngine.lineHeight,
            recognizer.outputShape.count == 3, recognizer.outputShape[2] == decoding.classCount
        else {
            throw .unexpectedModelShape(path: models.recognizer, detail: "not a line recognizer of [1, 3, 48, W]")
        }
        self.recognizer = recognizer
        self.decoding = decoding
        self.classes = decoding.classNumbers
    }

    /// The recognizer's scores for `line`, an image 48 px high holding one line of text.
    public func scores(for line: GrayImage) throws(NeuralRuntimeError) -> CTCScores {
        precondition(line.height == NeuralTextEngine.lineHeight, "a line image is 48 px high")
        let scores = try recognizer.run(NeuralTextEngine.recognizerInput(line))
        return CTCScores(probabilities: scores.values, columns: scores.shape[1], decoding: decoding, classes: classes)
    }
}

/// A line recognizer's per-column class probabilities.
public struct CTCScores: Sendable {
    public let probabilities: [Float]
    public let columns: Int
    public let decoding: CTCDecoding
    /// Each character's class (`LineRecognizer`'s, made once).
    let classes: [String: Int]

    /// The scores of `range`'s columns alone.
    func columns(_ range: ClosedRange<Int>) -> CTCScores {
        let classCount = decoding.classCount
        return CTCScores(
            probabilities: Array(probabilities[range.lowerBound * classCount..<(range.upperBound + 1) * classCount]),
            columns: range.count, decoding: decoding, classes: classes)
    }

    /// The greedy reading: the likeliest class in each column, repeats merged, blanks dropped,
    /// spaces at either end trimmed.
    public var greedyText: String {
        let characters = decoding.decode(probabilities[...], columns: columns).map(\.text)
        return characters.joined().trimmingSpaces
    }

    /// The class of each character of `text`, or nil when one is not in the recognizer's list.
    private func classes(of text: String) -> [Int]? {
        var labels: [Int] = []
        for character in text {
            if character == " " { labels.append(decoding.classCount - 1); continue }
            guard let number = classes[String(character)] else { return nil }
            labels.append(number)
        }
        return labels
    }

    /// The natural log of the probability that the line reads `text` (CTC's forward
    /// algorithm over every alignment); nil when `text` has a character the recognizer lacks.
    public func logLikelihood(of text: String) -> Double? {
        guard let labels = classes(of: text), !labels.isEmpty else { return nil }
        let classCount = decoding.classCount
        // The extended label sequence: blank, l1, blank, l2, ..., blank.
        let extended = labels.reduce(into: [0]) { $0 += [$1, 0] }
        let states = extended.count
        var alpha = [Double](repeating: -.infinity, count: states)
        func probability(_ column: Int, _ label: Int) -> Double { log(max(Double(probabilities[column * classCount + label]), 1e-30)) }
        func add(_ a: Double, _ b: Double) -> Double {
            if a == -.infinity { return b }
            if b == -.infinity { return a }
            let high = max(a, b)
            return high + log(exp(a - high) + exp(b - high))
        }
        alpha[0] = probability(0, extended[0])
        if states > 1 { alpha[1] = probability(0, extended[1]) }
        var next = [Double](repeating: -.infinity, count: states)
        for column in 1..<max(1, columns) {
            for state in 0..<states {
                next[state] = -.infinity
                var total = alpha[state]
                if state >= 1 { total = add(total, alpha[state - 1]) }
                if state >= 2, extended[state] != 0, extended[state] != extended[state - 2] { total = add(total, alpha[state - 2]) }
                if total > -.infinity { next[state] = total + probability(column, extended[state]) }
            }
            swap(&alpha, &next)
        }
        return states > 1 ? add(alpha[states - 1], alpha[states - 2]) : alpha[0]
    }

    /// For every character `include` accepts: the natural log of the probability that the
    /// line reads that one character and nothing else (CTC's forward algorithm over the
    /// alignments blank* c+ blank*), most likely first.
    public func singleCharacterLogLikelihoods(where include: (String) -> Bool) -> [(text: String, logLikelihood: Double)] {
        let classCount = decoding.classCount
        guard columns > 0 else { return [] }
        // Log probabilities of the blank in each column, and its running sum: the log
        // probability that columns 0..<k are all blank.
        var blankPrefix = [Double](repeating: 0, count: columns + 1)
        for column in 0..<columns {
            blankPrefix[column + 1] = blankPrefix[column] + log(max(Double(probabilities[column * classCount]), 1e-30))
        }
        var results: [(text: String, logLikelihood: Double)] = []
        for (index, text) in decoding.characters.enumerated() where include(text) {
            let label = index + 1
            // inCharacter: log P(columns so far end inside the character's run, the blanks
            // before it included); after: log P(the run has ended, blanks since).
            var inCharacter = -Double.infinity, after = -Double.infinity
            for column in 0..<columns {
                let p = log(max(Double(probabilities[column * classCount + label]), 1e-30))
                let blank = blankPrefix[column + 1] - blankPrefix[column]
                let enter = blankPrefix[column]
                let high = max(inCharacter, enter)
                let stayOrEnter = high == -.infinity ? -.infinity : high + log(exp(inCharacter - high) + exp(enter - high))
                let leave = inCharacter
                let highAfter = max(after, leave)
                let afterNext = highAfter == -.infinity ? -.infinity : highAfter + log(exp(after - highAfter) + exp(leave - highAfter)) + blank
                inCharacter = stayOrEnter + p
                after = afterNext
            }
            let high = max(inCharacter, after)
            guard high > -.infinity else { continue }
            results.append((text, high + log(exp(inCharacter - high) + exp(after - high))))
        }
        return results.sorted { $0.logLikelihood > $1.logLikelihood }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
