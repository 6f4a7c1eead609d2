import ScryCore

/// A text detector's output: for each pixel of the image it was given, the probability that
/// the pixel lies inside a (shrunk) text line, row by row from the top-left.
public struct TextProbabilityMap: Sendable {
    public let width: Int
    public let height: Int
    public var values: [Float]

    public init(width: Int, height: Int, values: [Float]) {
        precondition(width >= 0 && height >= 0 && values.count == width * height, "values do not fill the map")
        self.width = width
        self.height = height
        self.values = values
    }

    /// How lines are cut out of the map (DB post-processing). The defaults are PaddleOCR's
    /// for its DB detectors.
    public struct LineOptions: Sendable, Equatable {
        /// A pixel is text when its probability exceeds this.
        public var pixelThreshold: Float = 0.3
        /// A line is kept when the mean probability inside its rectangle reaches this.
        public var lineThreshold: Float = 0.5
        /// How far a line's rectangle grows back, as its area times this over its perimeter
        /// (the detector learnt lines shrunk). PaddleOCR grows by 1.5 and RapidOCR by 1.6; so
        /// grown, a straightened line also holds the tops and tails of the lines above and
        /// below, and the recognizer misreads some lines whole (on the book-page benchmark,
        /// words found at x-height 5 px or more rose from 0.941 to 0.961 at 1.25; at 1.1 the
        /// largest print began to lose its ascenders and descenders).
        public var unclipRatio: Double = 1.25
        /// Lines thinner than this (map pixels, before growing back) are dropped.
        public var minimumThickness: Double = 3
        /// At most this many blobs are examined, largest first.
        public var maximumCandidates = 1000

        public init() {}
    }

    /// One text line: its rectangle (grown back) in map pixels, and its mean probability.
    public struct Line: Sendable, Equatable {
        public var rectangle: RotatedRectangle
        public var score: Float
    }

    /// The text lines in the map, in its pixel space. The thresholded map is dilated by one
    /// pixel (right and down), blobs are 8-connected, each blob's smallest rectangle is
    /// scored by the mean probability inside it, and kept lines are grown back.
    public func lines(options: LineOptions = LineOptions()) -> [Line] {
        guard width > 0, height > 0 else { return [] }
        let mask = dilatedMask(threshold: options.pixelThreshold)
        let blobs = Self.blobs(in: mask, width: width, height: height)
            .sorted { $0.pixels > $1.pixels }
            .prefix(options.maximumCandidates)
        var lines: [Line] = []
        for blob in blobs {
            guard let rectangle = RotatedRectangle(enclosing: blob.outline),
                min(rectangle.length, rectangle.thickness) >= options.minimumThickness
            else { continue }
            let score = meanProbability(inside: rectangle)
            guard score >= options.lineThreshold else { continue }
            let grown = rectangle.grown(by: rectangle.area * options.unclipRatio / rectangle.perimeter)
            guard grown.thickness >= options.minimumThickness + 2 else { continue }
            lines.append(Line(rectangle: grown, score: score))
        }
        return lines
    }

    private func dilatedMask(threshold: Float) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        values.withUnsafeBufferPointer { values in
            mask.withUnsafeMutableBufferPointer { mask in
                for y in 0..<height {
                    let row = y * width
                    for x in 0..<width where values[row + x] > threshold {
                        mask[row + x] = true
                        if x + 1 < width { mask[row + x + 1] = true }
                        if y + 1 < height {
                            mask[row + width + x] = true
                            if x + 1 < width { mask[row + width + x + 1] = true }
                        }
                    }
                }
            }
        }
        return mask
    }

    /// A blob of the mask: its pixel count and the corners of each row's leftmost and
    /// rightmost pixels (enough for its convex hull).
    struct Blob {
        var pixels: Int
        var outline: [PixelPoint]
    }

    /// The 8-connected blobs of `mask`, found run by run with a union-find over runs.
    static func blobs(in mask: [Bool], width: Int, height: Int) -> [Blob] {
        struct Run { var y: Int; var start: Int; var end: Int }  // end exclusive
        var runs: [Run] = []
        var sets = UnionFind()
        var previousRow = 0..<0
        mask.withUnsafeBufferPointer { mask in
            for y in 0..<height {
                let rowStart = runs.count
                var x = 0
                let base = y * width
                while x < width {
                    guard mask[base + x] else { x += 1; continue }
                    let start = x
                    while x < width, mask[base + x] { x += 1 }
                    let index = runs.count
                    runs.append(Run(y: y, start: start, end: x))
                    sets.append()
                    // 8-connected: a run above touching [start - 1, x] joins this one.
                    for above in previousRow where runs[above].end >= start && runs[above].start <= x {
                        sets.union(above, index)
                    }
                }
                previousRow = rowStart..<runs.count
            }
        }
        var blobIndex: [Int: Int] = [:]
        var blobs: [Blob] = []
        var extremes: [[Int: (Int, Int)]] = []
        for (index, run) in runs.enumerated() {
            let id = sets.root(index)
            let slot: Int
            if let existing = blobIndex[id] { slot = existing } else {
                slot = blobs.count
                blobIndex[id] = slot
                blobs.append(Blob(pixels: 0, outline: []))
                extremes.append([:])
            }
            blobs[slot].pixels += run.end - run.start
            let current = extremes[slot][run.y] ?? (run.start, run.end)
            extremes[slot][run.y] = (min(current.0, run.start), max(current.1, run.end))
        }
        for slot in blobs.indices {
            for (y, (start, end)) in extremes[slot] {
                let top = Double(y), bottom = Double(y + 1), left = Double(start), right = Double(end)
                blobs[slot].outline += [
                    PixelPoint(x: left, y: top), PixelPoint(x: right, y: top),
                    PixelPoint(x: left, y: bottom), PixelPoint(x: right, y: bottom),
                ]
            }
        }
        return blobs
    }

    /// The mean probability of the map's pixels whose centres lie inside `rectangle`.
    func meanProbability(inside rectangle: RotatedRectangle) -> Float {
        guard let bounds = PixelRect(enclosing: rectangle.corners) else { return 0 }
        let left = max(0, Int(bounds.x.rounded(.down))), right = min(width, Int((bounds.x + bounds.width).rounded(.up)))
        let top = max(0, Int(bounds.y.rounded(.down))), bottom = min(height, Int((bounds.y + bounds.height).rounded(.up)))
        var sum: Float = 0
        var count = 0
        for y in top..<max(top, bottom) {
            for x in left..<max(left, right) where rectangle.contains(PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                sum += values[y * width + x]
                count += 1
            }
        }
        return count > 0 ? sum / Float(count) : 0
    }
}
