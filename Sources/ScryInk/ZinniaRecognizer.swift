internal import CZinnia
import Foundation
import ScryCore

/// Why a character model could not be used.
public struct InkModelError: Error, CustomStringConvertible {
    public var description: String
}

/// The one wrapper of zinnia (`CZinnia`): a handwritten character recognized from its strokes
/// with one of tegaki's models (Japanese, simplified Chinese). One character per ink.
public final class ZinniaRecognizer {
    private let recognizer: OpaquePointer
    private let character: OpaquePointer

    /// Opens the model at `path`.
    public init(modelPath path: String) throws(InkModelError) {
        guard let recognizer = zinnia_recognizer_new(), let character = zinnia_character_new() else {
            throw InkModelError(description: "zinnia could not start")
        }
        self.recognizer = recognizer
        self.character = character
        guard zinnia_recognizer_open(recognizer, path) != 0 else {
            // Every property is set, so deinit releases both.
            let reason = zinnia_recognizer_strerror(recognizer).map { String(cString: $0) } ?? "unknown error"
            throw InkModelError(description: "\(path): \(reason)")
        }
    }

    deinit {
        zinnia_character_destroy(character)
        zinnia_recognizer_destroy(recognizer)
    }

    /// How deep zinnia's split of a stroke is followed (`vertexPoints`): its features use the
    /// first 50 or so pieces of the split, which lie at depths 0 to 5.
    static let vertexDepth = 7

    /// The indices of the points of one stroke that zinnia's features can see, in order.
    ///
    /// zinnia splits a stroke at its point farthest from the chord, then each half the same
    /// way, and stores the piece numbered n at index n of an array whose pieces' children are
    /// 2n + 1 and 2n + 2: a stroke that peels off one vertex per split (a long zigzag, a
    /// hatched area, scribbles) makes that array 2^depth long, gigabytes for a few hundred
    /// vertices. Only the pieces down to `vertexDepth` are kept here: each split's farthest
    /// point is still the farthest among the points kept, so zinnia splits the kept points
    /// exactly as it split the whole stroke down to that depth (the features are the same),
    /// and no deeper.
    static func vertexPoints(of points: [(x: Int32, y: Int32)]) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        var kept = Set([0, points.count - 1])
        // zinnia's minimum_distance: the first point (from `first` on) farthest from the line
        // through `first` and `last`, by |a y - b x + c|.
        func split(_ first: Int, _ last: Int, depth: Int) {
            guard depth < vertexDepth, last - first > 1 else { return }
            let (x1, y1) = (Double(points[first].x), Double(points[first].y))
            let (x2, y2) = (Double(points[last].x), Double(points[last].y))
            let a = x2 - x1, b = y2 - y1, c = y2 * x1 - x2 * y1
            var farthest = -1.0, best = first
            for index in first..<last {
                let distance = abs(a * Double(points[index].y) - b * Double(points[index].x) + c)
                if distance > farthest { farthest = distance; best = index }
            }
            guard farthest > 0, best != first else { return }
            kept.insert(best)
            split(first, best, depth: depth + 1)
            split(best, last, depth: depth + 1)
        }
        split(0, points.count - 1, depth: 0)
        return kept.sorted()
    }

    /// The side of the square zinnia is given the ink in: tegaki's models were trained on a
    /// writing area of 1000 x 1000.
    static let area = 1000.0

    /// The character the ink is, best first, at most `count`. The ink is placed in a square
    /// writing area: the one given (`writingArea`, the surface's width and height), else the
    /// ink's own bounding square with a margin of a tenth on each side. `score` is zinnia's
    /// margin turned so that lower is better and never negative: log(1 + e^-margin).
    public func candidates(for ink: Ink, writingArea: (width: Double, height: Double)? = nil, count: Int) -> [InkCandidate] {
        guard let (minimumX, minimumY, maximumX, maximumY) = ink.bounds, count > 0 else { return [] }
        let (originX, originY, side): (Double, Double, Double)
        if let writingArea {
            (originX, originY, side) = (0, 0, max(writingArea.width, writingArea.height))
        } else {
            let extent = max(maximumX - minimumX, maximumY - minimumY, 1)
            let square = extent * 1.2
            (originX, originY, side) = (
                (minimumX + maximumX) / 2 - square / 2, (minimumY + maximumY) / 2 - square / 2, square
            )
        }
        let scale = Self.area / side
        zinnia_character_clear(character)
        zinnia_character_set_width(character, Int(Self.area))
        zinnia_character_set_height(character, Int(Self.area))
        /// A coordinate in zinnia's area, clamped before it becomes an integer (a writing area
        /// of 1e-15 puts every point at about 10^20).
        func placed(_ value: Double) -> Int32 {
            guard value.isFinite else { return value > 0 ? Int32.max : Int32.min }
            return Int32(min(Double(Int32.max), max(Double(Int32.min), value.rounded())))
        }
        for (index, stroke) in ink.strokes.enumerated() {
            let points = stroke.points.map { (x: placed(($0.x - originX) * scale), y: placed(($0.y - originY) * scale)) }
            for keep in Self.vertexPoints(of: points) {
                _ = zinnia_character_add(character, index, points[keep].x, points[keep].y)
            }
        }
        guard let result = zinnia_recognizer_classify(recognizer, character, count) else { return [] }
        defer { zinnia_result_destroy(result) }
        return (0..<zinnia_result_size(result)).compactMap { index in
            guard let value = zinnia_result_value(result, index) else { return nil }
            let margin = Double(zinnia_result_score(result, index))
            return InkCandidate(text: String(cString: value), score: log1p(exp(-margin)))
        }
    }
}
