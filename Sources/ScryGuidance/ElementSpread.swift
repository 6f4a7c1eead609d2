/// How unlike one another the bars crossed along a line are, and the spaces between them:
/// every linear symbology has narrow and wide bars and narrow and wide spaces (EAN's and
/// Code 128's of one to four modules, ITF's and Code 39's narrow and wide), where even
/// stripes (a blind, a grating, a ruled or woven cloth) have bars of one width and spaces
/// of one width, however those two differ.
struct ElementSpread {
    private var bars: [Float] = [], spaces: [Float] = []

    /// Adds an element `width` wide (in any unit, the same for all), a bar or a space.
    mutating func add(width: Float, bar: Bool) {
        if bar { bars.append(width) } else { spaces.append(width) }
    }

    /// Forgets every element, keeping the storage.
    mutating func removeAll() {
        bars.removeAll(keepingCapacity: true)
        spaces.removeAll(keepingCapacity: true)
    }

    /// The larger of the bars' and the spaces' spread: the width four fifths of them are at
    /// or under over the width one fifth of them are at or under. About 1 for even stripes;
    /// about 2 or more for a code (less where blur thins its wide elements). 1 with fewer
    /// than five of either.
    var value: Float { max(Self.spread(of: bars), Self.spread(of: spaces)) }

    /// The least spread of a code's bars or spaces. On 80 frames of codes of 0.9 to 1.75 px a
    /// module made with zint and Pillow (EAN-13, UPC-A, Code 128, Code 39, ITF), the least
    /// was 1.83 (a softened Code 39, whose wide elements are twice its narrow ones); on the
    /// photos of ../shared/eval/barcodes, 1.58 (a blurred EAN-13). Even stripes of 2 to 6 px
    /// made three ways (Pillow's bars, sinusoids, ImageMagick's line patterns), turned up to
    /// 20 degrees and softened, measure 1.0 to 1.45 in OpenCV's regions and up to 1.66 along
    /// the rows, except where stripes of about 2 px beat against the pixels or lines a pixel
    /// wide alias between one pixel and two (docs/guidance-benchmark.md).
    static let leastOfACode: Float = 1.5

    private static func spread(of widths: [Float]) -> Float {
        guard widths.count >= 5 else { return 1 }
        let widths = widths.sorted()
        let low = widths[widths.count / 5], high = widths[widths.count * 4 / 5]
        return low > 0 ? high / low : 1
    }
}
