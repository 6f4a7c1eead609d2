import ScryCore
import ScryNeural

/// `--orientation auto` with the neural engine: how far the page in a stored frame is turned,
/// decided from its text as the engine reads it, at any size the recognizer reads.
///
/// PP-OCR's detector finds the text lines whatever their angle: whether they run across the
/// frame or up and down tells a page from one turned a quarter round. Each of the longest
/// lines is then read both ways round, and the way the recognizer is surer of is the way the
/// line stands (upright print reads at 0.95-1.0, print upside down as garbage at 0.55-0.8).
/// The lines vote, each by its length and by how much surer it is (a difference of 0.15 or
/// more counts fully). The estimate's confidence is how far the vote leans (0 an even split,
/// 1 every line sure); below `minimumConfidence` the page is undecided.
public final class NeuralOrientationDetector {
    /// The least confidence that decides a page.
    public static let minimumConfidence = 0.5
    /// How many of the longest lines vote.
    static let votingLines = 12
    /// A difference in the recognizer's confidence between the two ways that counts fully.
    static let decisiveDifference = 0.15

    private let engine: NeuralTextEngine

    /// `memoryCeiling`: as `NeuralTextEngine.Options.memoryCeiling`, checked after each image.
    public init(models: TextModels = .ppOCRv6Small, memoryCeiling: Int? = nil) throws(NeuralRuntimeError) {
        var options = NeuralTextEngine.Options(levels: [.line], recognize: true)
        // Every line read, the noise rule aside: a line upside down reads as noise.
        options.keepsAllLines = true
        options.memoryCeiling = memoryCeiling
        engine = try NeuralTextEngine(options: options, models: models)
    }

    /// How the page in `stored` is turned, or nil when it shows no line of text.
    public func estimate(in stored: GrayImage) -> OrientationEstimate? {
        defer { engine.keepUnderMemoryCeiling() }
        guard let lines = try? engine.detectLines(in: stored) else { return nil }
        // Lines, not specks: longer than twice their thickness.
        let candidates = lines.filter { $0.length >= 2 * $0.thickness && $0.thickness >= 3 }
        // Across the frame or up and down, by the lines' lengths.
        let across = candidates.filter { abs($0.direction.x) >= abs($0.direction.y) }
        let upAndDown = candidates.filter { abs($0.direction.x) < abs($0.direction.y) }
        let turnedQuarter = upAndDown.map(\.length).reduce(0, +) > across.map(\.length).reduce(0, +)
        let voting = (turnedQuarter ? upAndDown : across).sorted { $0.length > $1.length }.prefix(Self.votingLines)
        var lean = 0.0, weight = 0.0
        for line in voting {
            // Read along +x (across) or +y (up and down): the crop's top row then lies on the
            // line's -y side, or its +x side, where the letters' tops are on a page the right
            // way up, or turned a quarter clockwise; then the other way round.
            var direction = line.direction
            if turnedQuarter ? direction.y < 0 : direction.x < 0 { direction = PixelPoint(x: -direction.x, y: -direction.y) }
            let forward = RotatedRectangle(centre: line.centre, length: line.length, thickness: line.thickness, direction: direction)
            let backward = RotatedRectangle(
                centre: line.centre, length: line.length, thickness: line.thickness,
                direction: PixelPoint(x: -direction.x, y: -direction.y))
            let ahead = confidence(reading: forward, in: stored), behind = confidence(reading: backward, in: stored)
            guard max(ahead, behind) > 0 else { continue }
            lean += line.length * min(1, max(-1, (ahead - behind) / Self.decisiveDifference))
            weight += line.length
        }
        guard weight > 0 else { return nil }
        let vote = lean / weight
        let degrees = turnedQuarter ? (vote >= 0 ? 90 : 270) : (vote >= 0 ? 0 : 180)
        return OrientationEstimate(clockwiseDegrees: degrees, confidence: abs(vote), threshold: Self.minimumConfidence)
    }

    /// The recognizer's confidence in its reading of `line` (0 when it reads nothing).
    private func confidence(reading line: RotatedRectangle, in image: GrayImage) -> Double {
        ((try? engine.read(line, in: image))?.first?.confidence) ?? 0
    }
}
