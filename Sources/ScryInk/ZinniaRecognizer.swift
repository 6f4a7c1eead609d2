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
        for (index, stroke) in ink.strokes.enumerated() {
            for point in stroke.points {
                let x = Int32(clamping: Int(((point.x - originX) * scale).rounded()))
                let y = Int32(clamping: Int(((point.y - originY) * scale).rounded()))
                _ = zinnia_character_add(character, index, x, y)
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
