import ScryCore

/// A quick look for anything shaped like text, before a text engine is loaded and run: lines of
/// text are rows (or columns) of marks of about one height, side by side, darker or lighter
/// than what is around them. An image with no three such marks in a row outside its barcodes
/// holds no text a reader could find, and `scry image` then skips its text engine (which costs
/// several times the barcode lane on a photo of a code).
///
/// It errs towards text: texture (gravel, foliage, print screens) passes as text and only
/// costs the engine's time; what it must not do is call a page of words empty. What it cannot
/// see: text of one or two marks ("OK"), marks under 4 pixels high once the image is brought
/// to at most `analysedLongestSide`, and text whose letters all touch (joined script, one
/// mark) unless it has three words in a row.
public enum TextPresence {
    /// The longest side images are reduced to (by averaging) before they are looked at.
    public static let analysedLongestSide = 1600
    /// The fewest marks in a row (or column) that count as a line of text.
    public static let marksPerLine = 3

    /// Whether `image` (upright, gray) may hold text outside `codes`: outlines of codes found
    /// in it, in its pixel space, whose areas are not looked at.
    public static func mayHoldText(_ image: GrayImage, outside codes: [[PixelPoint]] = []) -> Bool {
        guard image.width >= 8, image.height >= 8 else { return false }
        let factor = max(1, (max(image.width, image.height) + analysedLongestSide - 1) / analysedLongestSide)
        let small = factor == 1 ? image : averaged(image, by: factor)
        let scale = 1 / Double(factor)
        let masked = codes.compactMap { outline -> (x0: Double, y0: Double, x1: Double, y1: Double)? in
            guard let box = PixelRect(enclosing: outline.map { PixelPoint(x: $0.x * scale, y: $0.y * scale) }) else { return nil }
            // A margin for an outline that falls inside the code's edge; its quiet zone is blank
            // anyway. The digits printed under a 1D code are text, and are looked at.
            let grow = 1 + 0.02 * min(box.width, box.height)
            return (box.x - grow, box.y - grow, box.x + box.width + grow, box.y + box.height + grow)
        }
        let marks = self.marks(in: small).filter { mark in
            let cx = Double(mark.x0 + mark.x1) / 2, cy = Double(mark.y0 + mark.y1) / 2
            return !masked.contains { cx >= $0.x0 && cx <= $0.x1 && cy >= $0.y0 && cy <= $0.y1 }
        }
        // So many marks is texture or print too small to tell apart: let the engine look.
        if marks.count > 40_000 { return true }
        return hasLine(marks, across: true) || hasLine(marks, across: false)
    }

    /// A mark: a connected patch darker (or lighter) than its surroundings, by its bounding box
    /// (inclusive pixel bounds) and its pixel count.
    struct Mark {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var area: Int
        /// Whether the image's edge cuts it.
        var isCut = false
        var width: Int { x1 - x0 + 1 }
        var height: Int { y1 - y0 + 1 }
    }

    /// `image` reduced by `factor` in both directions, each pixel the mean of its block.
    static func averaged(_ image: GrayImage, by factor: Int) -> GrayImage {
        let width = image.width / factor, height = image.height / factor
        var pixels = [UInt8](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                var sums = [Int](repeating: 0, count: width)
                let count = factor * factor
                for y in 0..<height {
                    for i in 0..<width { sums[i] = 0 }
                    for dy in 0..<factor {
                        let row = (y * factor + dy) * image.width
                        for x in 0..<width {
                            var sum = 0
                            let start = row + x * factor
                            for dx in 0..<factor { sum += Int(source[start + dx]) }
                            sums[x] += sum
                        }
                    }
                    for x in 0..<width { target[y * width + x] = UInt8(sums[x] / count) }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The text-sized marks of `image`: pixels at least `contrast` darker (then lighter) than
    /// the mean of the square around them, joined 8-connected, kept when their size and fill
    /// could be a letter's.
    static func marks(in image: GrayImage) -> [Mark] {
        let width = image.width, height = image.height
        let radius = 12, contrast = 14
        // Integral image, one row and column of zeros first.
        var integral = [Int](repeating: 0, count: (width + 1) * (height + 1))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var row = 0
                for x in 0..<width {
                    row += Int(pixels[y * width + x])
                    integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row
                }
            }
        }
        // -1 darker, 1 lighter, 0 neither.
        var polarity = [Int8](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            integral.withUnsafeBufferPointer { sums in
                for y in 0..<height {
                    let top = max(0, y - radius), bottom = min(height, y + radius + 1)
                    for x in 0..<width {
                        let left = max(0, x - radius), right = min(width, x + radius + 1)
                        let total = sums[bottom * (width + 1) + right] - sums[top * (width + 1) + right]
                            - sums[bottom * (width + 1) + left] + sums[top * (width + 1) + left]
                        let mean = total / ((bottom - top) * (right - left))
                        let value = Int(pixels[y * width + x])
                        if value <= mean - contrast {
                            polarity[y * width + x] = -1
                        } else if value >= mean + contrast {
                            polarity[y * width + x] = 1
                        }
                    }
                }
            }
        }
        var marks: [Mark] = []
        var seen = [Bool](repeating: false, count: width * height)
        var stack: [Int] = []
        let tallest = max(4, height / 3)
        for start in 0..<(width * height) where polarity[start] != 0 && !seen[start] {
            let sign = polarity[start]
            var mark = Mark(x0: start % width, y0: start / width, x1: start % width, y1: start / width, area: 0)
            seen[start] = true
            stack.append(start)
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                mark.area += 1
                mark.x0 = min(mark.x0, x); mark.x1 = max(mark.x1, x)
                mark.y0 = min(mark.y0, y); mark.y1 = max(mark.y1, y)
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < height else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < width else { continue }
                        let next = ny * width + nx
                        if !seen[next] && polarity[next] == sign {
                            seen[next] = true
                            stack.append(next)
                        }
                    }
                }
            }
            let fill = Double(mark.area) / Double(mark.width * mark.height)
            let longer = max(mark.width, mark.height), shorter = min(mark.width, mark.height)
            // A letter, digit or ideograph: at least 4 px along its longer side, not a long
            // rule, and neither a speck nor a hollow frame.
            mark.isCut = mark.x0 == 0 || mark.y0 == 0 || mark.x1 == width - 1 || mark.y1 == height - 1
            if longer >= 4, longer <= tallest, shorter >= 2 || longer <= 12, longer <= 12 * max(shorter, 1),
                fill >= 0.1, fill <= 0.97
            {
                marks.append(mark)
            }
        }
        return marks
    }

    /// Whether `marks` hold `marksPerLine` of about one height side by side (`across`: in a
    /// row, left to right; else in a column, top to bottom), all but one of them whole (not cut
    /// by the image's edge).
    static func hasLine(_ marks: [Mark], across: Bool) -> Bool {
        // Along: the direction of reading; size: the mark's extent across it.
        func along(_ m: Mark) -> (start: Int, end: Int, centre: Double, size: Int, isCut: Bool) {
            across
                ? (m.x0, m.x1, Double(m.y0 + m.y1) / 2, m.height, m.isCut)
                : (m.y0, m.y1, Double(m.x0 + m.x1) / 2, m.width, m.isCut)
        }
        let sorted = marks.map(along).sorted { $0.start < $1.start }
        var lines = UnionFind(count: sorted.count)
        for (i, a) in sorted.enumerated() {
            let reach = a.end + Int((2.5 * Double(a.size)).rounded(.up))
            var j = i + 1
            while j < sorted.count, sorted[j].start <= reach {
                let b = sorted[j]
                defer { j += 1 }
                let larger = max(a.size, b.size), smaller = min(a.size, b.size)
                guard b.start >= a.start + 1, 2 * smaller >= larger,
                    abs(a.centre - b.centre) <= 0.4 * Double(larger)
                else { continue }
                lines.union(i, j)
            }
        }
        // A line's marks, and those of them the image's edge does not cut: a row of marks all
        // cut by the edge (a drawing's strokes, the paper's edge) is not taken for text, a
        // line whose first letter is cut still is.
        var counts: [Int: (all: Int, whole: Int)] = [:]
        for (index, mark) in sorted.enumerated() {
            var count = counts[lines.root(index), default: (0, 0)]
            count.all += 1
            if !mark.isCut { count.whole += 1 }
            if count.all >= marksPerLine, count.whole >= marksPerLine - 1 { return true }
            counts[lines.root(index)] = count
        }
        return false
    }
}
