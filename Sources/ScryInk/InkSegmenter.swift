/// Cuts what a pen draws into inks — a word, a character or a shape each — as it is drawn.
/// An ink ends when the pen has stayed up for `pause` milliseconds, or when a stroke begins
/// at a gap from it: to its right or left, or below or above it, by more than `gap` times its
/// height (a new word, a new line, a shape elsewhere). The gap is generous (a word of short
/// letters, "we", is as high as its letters, and their spacing in handwriting can be half of
/// that): words written fast are cut by it, the others by the pause.
/// Coordinates are the pen's (any unit, y down); times are milliseconds.
public struct InkSegmenter: Sendable {
    /// How long the pen stays up before the ink is complete, in milliseconds.
    public var pause: Double
    /// The gap that starts a new ink, as a multiple of the ink's size so far: its height, or
    /// 0.15 of its width when that is more (a dash), or `minimumSize` when that is more (a dot).
    public var gap: Double
    /// The smallest size an ink's gap is measured from, in the pen's units: a first stroke
    /// that is a dot does not make every next stroke a new ink.
    public var minimumSize: Double

    private var strokes: [Ink.Stroke] = []
    private var drawing: [Ink.Point]?
    private var liftedAt: Double?
    private var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?

    public init(pause: Double = 200, gap: Double = 1, minimumSize: Double = 0) {
        self.pause = pause
        self.gap = gap
        self.minimumSize = minimumSize
    }

    /// The pen touched at (x, y): a new stroke. Returns the ink this stroke ends by beginning
    /// at a gap from it, if any.
    public mutating func penDown(x: Double, y: Double, milliseconds: Double) -> Ink? {
        var finished: Ink?
        if let bounds, !strokes.isEmpty {
            let height = bounds.maxY - bounds.minY, width = bounds.maxX - bounds.minX
            let size = max(height, 0.15 * width, minimumSize)
            let limit = gap * size
            if x > bounds.maxX + limit || x < bounds.minX - limit || y > bounds.maxY + limit || y < bounds.minY - limit {
                finished = finish()
            }
        }
        drawing = [Ink.Point(x: x, y: y, t: milliseconds)]
        liftedAt = nil
        return finished
    }

    /// The pen moved while touching.
    public mutating func penMove(x: Double, y: Double, milliseconds: Double) {
        drawing?.append(Ink.Point(x: x, y: y, t: milliseconds))
    }

    /// The pen lifted at (x, y): the stroke is done.
    public mutating func penUp(x: Double, y: Double, milliseconds: Double) {
        guard var points = drawing else { return }
        if points.last.map({ $0.x != x || $0.y != y }) ?? true { points.append(Ink.Point(x: x, y: y, t: milliseconds)) }
        drawing = nil
        liftedAt = milliseconds
        for point in points {
            bounds = bounds.map { (min($0.minX, point.x), min($0.minY, point.y), max($0.maxX, point.x), max($0.maxY, point.y)) }
                ?? (point.x, point.y, point.x, point.y)
        }
        strokes.append(Ink.Stroke(points: points))
    }

    /// When the open ink will be complete if the pen stays up (milliseconds), or nil when there
    /// is none or the pen is down.
    public var completesAt: Double? {
        guard let liftedAt, !strokes.isEmpty else { return nil }
        return liftedAt + pause
    }

    /// The open ink, when the pen has been up long enough at `now`.
    public mutating func pauseEnded(at now: Double) -> Ink? {
        guard let completesAt, now >= completesAt else { return nil }
        return finish()
    }

    /// Whatever is open (the stroke being drawn included), as at the end of the input.
    public mutating func finish() -> Ink? {
        if let drawing, let last = drawing.last { penUp(x: last.x, y: last.y, milliseconds: last.t ?? 0) }
        defer {
            strokes = []
            bounds = nil
            liftedAt = nil
        }
        return strokes.isEmpty ? nil : Ink(strokes: strokes)
    }
}

extension Ink {
    /// The ink cut into words written left to right, as a file's ink comes (all its strokes
    /// at once): a stroke whose leftmost point lies right of the word so far by more than
    /// `gap` times the word's height begins the next word. The word's height counts as at
    /// least a quarter of the whole ink's (a first stroke that is a dot or a dash). Strokes
    /// that go back (a dot, a cross) stay in their word. Lines are told apart before, by
    /// `linesOfText`.
    public func wordsSideBySide(gap: Double = 1) -> [Ink] {
        guard let whole = bounds else { return [] }
        let floor = (whole.maximumY - whole.minimumY) / 4
        var words: [Ink] = []
        var current: [Stroke] = []
        var box: (minimumY: Double, maximumX: Double, maximumY: Double)?
        for stroke in strokes {
            guard let part = Ink(strokes: [stroke]).bounds else { continue }
            if let word = box, part.minimumX > word.maximumX + gap * max(word.maximumY - word.minimumY, floor) {
                words.append(Ink(strokes: current))
                current = []
                box = nil
            }
            current.append(stroke)
            box = box.map { (min($0.minimumY, part.minimumY), max($0.maximumX, part.maximumX), max($0.maximumY, part.maximumY)) }
                ?? (part.minimumY, part.maximumX, part.maximumY)
        }
        if !current.isEmpty { words.append(Ink(strokes: current)) }
        return words
    }
}
