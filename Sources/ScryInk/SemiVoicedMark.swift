/// The semi-voiced mark (handakuten, ゜): the small circle at the upper right of ぱ, ぴ, ぷ,
/// ぺ, ぽ and of their katakana, which sets them apart from the voiced ば... (two short ticks,
/// dakuten) and the plain は.... A recognizer that reads a picture of a lone character sees a
/// small circle and two ticks much alike; the strokes do not: a writer draws the circle as one
/// stroke that comes back to where it began.
enum SemiVoicedMark {
    /// The ha row, each as plain, voiced and semi-voiced: the only kana with the mark.
    static let families: [[Character]] = [
        ["は", "ば", "ぱ"], ["ひ", "び", "ぴ"], ["ふ", "ぶ", "ぷ"], ["へ", "べ", "ぺ"], ["ほ", "ぼ", "ぽ"],
        ["ハ", "バ", "パ"], ["ヒ", "ビ", "ピ"], ["フ", "ブ", "プ"], ["ヘ", "ベ", "ペ"], ["ホ", "ボ", "ポ"],
    ]

    /// For a character of the ha row, whether it carries the mark; nil for any other text.
    static func carried(by text: String) -> Bool? {
        guard text.count == 1, let character = text.first else { return nil }
        for family in families {
            if let index = family.firstIndex(of: character) { return index == 2 }
        }
        return nil
    }

    /// The marked kana of `text`'s family (ぱ for は, ば or ぱ); nil for any text not of the
    /// ha row.
    static func marked(from text: String) -> String? {
        guard text.count == 1, let character = text.first,
              let family = families.first(where: { $0.contains(character) }) else { return nil }
        return String(family[2])
    }

    /// Whether one of the ink's strokes (it has at least two) is drawn as the mark: a loop no
    /// larger than a third of the ink, at its upper right (its centre right of the ink's
    /// middle and above it), that ends within a third of its own size of where it began after
    /// going at least 2.2 times its size (a circle goes about 3.1 times round its width).
    static func isDrawn(in ink: Ink) -> Bool {
        guard ink.strokes.count >= 2, let (left, top, right, bottom) = ink.bounds else { return false }
        let size = max(right - left, bottom - top)
        guard size > 0 else { return false }
        return ink.strokes.contains { stroke in
            let points = stroke.points
            guard points.count >= 4, let first = points.first, let last = points.last else { return false }
            let xs = points.map(\.x), ys = points.map(\.y)
            let extent = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            guard extent > size / 20, extent <= size / 3 else { return false }
            let centreX = (xs.max()! + xs.min()!) / 2, centreY = (ys.max()! + ys.min()!) / 2
            guard centreX > (left + right) / 2, centreY < (top + bottom) / 2 else { return false }
            let gap = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot()
            var length = 0.0
            for (a, b) in zip(points, points.dropFirst()) {
                length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            }
            return gap <= extent / 3 && length >= 2.2 * extent
        }
    }
}
