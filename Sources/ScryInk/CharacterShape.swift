import Foundation
import ScryCore

/// What a character looks like, whoever drew it and however: the directions of its strokes'
/// edges over a 6 x 6 grid of its picture. Two drawings of one character are near each other
/// (`distance(to:)`) whatever their size, position or pen width; the order, number and
/// direction of the strokes do not count.
///
/// The picture's dark part is cut to its box, fitted (proportions kept) in a 48-pixel square
/// centred in 60 x 60, blurred (Gaussian, sigma 1.5 px), and each pixel's gradient is shared
/// between the two nearest of 8 directions by its magnitude. The sums over 10 x 10 cells
/// (6 x 6 x 8 = 288 values) are square-rooted, which keeps a long stroke from outweighing a
/// short one, and scaled to length 1.
struct CharacterShape {
    /// The 288 values, length 1 (all 0 for a blank picture).
    let features: [Double]

    static let side = 60
    static let fittedSide = 48
    static let cells = 6
    static let directions = 8
    /// A pixel this much darker than white is part of the drawing, for its box.
    static let inkThreshold: UInt8 = 215

    /// The shape of the dark drawing on a light `picture`; nil when nothing is drawn.
    init?(picture: GrayImage) {
        var left = picture.width, right = -1, top = picture.height, bottom = -1
        for y in 0..<picture.height {
            for x in 0..<picture.width where picture[x, y] < Self.inkThreshold {
                left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
            }
        }
        guard right >= left, bottom >= top,
              let drawn = picture.cropped(to: PixelRect(x: Double(left), y: Double(top), width: Double(right - left + 1), height: Double(bottom - top + 1)))
        else { return nil }
        let scale = Double(Self.fittedSide) / Double(max(drawn.width, drawn.height))
        let width = max(1, Int((Double(drawn.width) * scale).rounded()))
        let height = max(1, Int((Double(drawn.height) * scale).rounded()))
        let fitted = scale <= 1
            ? drawn.resampled(width: width, height: height) : drawn.enlargedBicubic(toWidth: width, height: height)
        var canvas = GrayImage(width: Self.side, height: Self.side, filledWith: 255)
        let (originX, originY) = ((Self.side - width) / 2, (Self.side - height) / 2)
        for y in 0..<height {
            for x in 0..<width { canvas[originX + x, originY + y] = fitted[x, y] }
        }
        features = Self.features(of: canvas.gaussianBlurred(sigma: 1.5))
    }

    /// The edge directions of a `side` x `side` picture (see the type).
    private static func features(of picture: GrayImage) -> [Double] {
        let side = Self.side, cell = side / cells
        var sums = [Double](repeating: 0, count: cells * cells * directions)
        // Darkness, so that a gradient points into the ink.
        func ink(_ x: Int, _ y: Int) -> Double { 255 - Double(picture[x, y]) }
        for y in 0..<side {
            for x in 0..<side {
                let gx = x > 0 && x < side - 1 ? ink(x + 1, y) - ink(x - 1, y) : 0
                let gy = y > 0 && y < side - 1 ? ink(x, y + 1) - ink(x, y - 1) : 0
                let magnitude = (gx * gx + gy * gy).squareRoot()
                guard magnitude > 0 else { continue }
                var position = atan2(gy, gx) / (2 * .pi) * Double(directions)
                position -= Double(directions) * (position / Double(directions)).rounded(.down)
                let lower = Int(position.rounded(.down)) % directions, share = position - position.rounded(.down)
                let base = ((y / cell) * cells + x / cell) * directions
                sums[base + lower] += magnitude * (1 - share)
                sums[base + (lower + 1) % directions] += magnitude * share
            }
        }
        let rooted = sums.map { $0.squareRoot() }
        let length = rooted.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return length > 0 ? rooted.map { $0 / length } : rooted
    }

    /// The farthest two shapes can be: 2^0.5, no edge in common.
    static let farthest = 2.0.squareRoot()

    /// How unlike the two shapes are: the distance between their features, 0 (the same) to
    /// at most `farthest`.
    func distance(to other: CharacterShape) -> Double {
        var sum = 0.0
        for (a, b) in zip(features, other.features) { sum += (a - b) * (a - b) }
        return sum.squareRoot()
    }
}

extension CharacterShape {
    /// The shape of an ink's strokes drawn with a pen a fifteenth of the ink's longer side
    /// wide (`Ink.renderedLine`, fitted in a square).
    init?(ink: Ink) {
        guard let picture = ink.renderedLine(height: Self.side, inkHeight: Double(Self.fittedSide), widestRatio: 1,
                                             pen: .round(radius: Double(Self.fittedSide) / 30)) else { return nil }
        self.init(picture: picture)
    }
}
