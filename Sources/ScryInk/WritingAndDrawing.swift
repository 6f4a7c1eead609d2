import ScryCore

/// Tells what was written from what was drawn in one ink (a page of a live pen's notes): its
/// words go to a text model, each shape to the shapes model.
///
/// The rule, in the ink's coordinates. Strokes are grouped two ways: two strokes are *near*
/// when the gap between their boxes is at most `nearGap` times the smaller one's size (its
/// height, or 0.15 of its width when that is more: a dash), so that a word's letters go
/// together, and *touching* when two of their points are at most `touchingGap` apart, as a
/// shape's strokes are (a rectangle's two halves, an arrow's shaft and head); groups are
/// joined through any member.
/// 1. A group of touching strokes, at most `mostStrokesInAShape` of them, is *shape-like* when
///    the shapes model fits it as a rectangle, triangle, ellipse or arrow at most `fit` from
///    it, and not flat (see `isShapeLike`).
/// 2. The writing's height: the writing area's height when one is given, else the median
///    height of the groups of near strokes that hold more than one stroke and are not a
///    shape-like group alone (words); with none, there is no such height.
/// 3. A shape-like group is a drawing when its larger side is at least `aloneSize` times the
///    writing's height when it is alone (no other stroke near it), or, for one stroke,
///    `amongSize` times when it is not (a letter may be as tall as its word; a few touching
///    strokes among writing are letters run together), or when there is no such height; or
///    when it is one stroke whose box holds `framedStrokes` other strokes whole (a box or a
///    ring drawn round a word).
/// 4. Every other stroke is writing, and the writing is one part, read by the text model as
///    the ink would be (word by word, line by line).
/// Parts come in the order of their first stroke. A letter that is a shape ("o", "O") is
/// writing beside writing it is smaller than, or in a writing area; an ink of nothing but
/// letters that are shapes ("oo") is read as drawings.
public struct WritingAndDrawing: Sendable {
    /// How far (the shapes model's score: its distance over the ink's diagonal) a drawing may
    /// lie from the shape fitted to it.
    public static let fit = 0.08
    /// The gap that makes two strokes near, of the smaller one's size.
    public static let nearGap = 0.5

    /// How close two strokes' points come when they touch: 0.15 of the smaller one's size, or
    /// 0.1 of the larger one's when that is more (a pen put back at an arrow's tip misses it
    /// by a little of the arrow's size, not of its head's).
    static func touchingGap(_ a: Box, _ b: Box) -> Double { max(0.15 * min(a.size, b.size), 0.1 * max(a.size, b.size)) }
    /// How large (its larger side, over the writing's height) a shape is at least when drawn
    /// apart from the writing, and among it.
    public static let aloneSize = 0.75, amongSize = 1.5
    /// The most strokes compared two by two (grouped, and looked at for frames), and the most
    /// points whose distances tell touching strokes (else their boxes do).
    static let mostStrokesCompared = 4096, mostPointsCompared = 20_000
    /// The most strokes a shape is drawn in (a rectangle's sides, an arrow's shaft and head).
    public static let mostStrokesInAShape = 4
    /// How many strokes a frame holds whole: a word's letters (a letter's box may hold an
    /// i's dot or a t's bar).
    static let framedStrokes = 3

    private let shapes = ShapeRecognizer()

    public init() {}

    /// The ink's parts; `lineHeight` is the writing area's height, when one is given. An ink
    /// with no drawing is one writing part; one with no writing, its drawings.
    public func parts(of ink: Ink, lineHeight: Double? = nil) -> [InkPart] {
        let boxes = ink.strokes.map(Box.init)
        // Grouping and framing compare strokes two by two: in an ink of more strokes than a
        // page holds, each stroke is a group of its own, and frames nothing.
        let few = boxes.count <= Self.mostStrokesCompared
        // Touching is measured between the strokes' points, not their boxes (a turned shape's
        // box reaches over the word beside it), in an ink of at most `mostPointsCompared`
        // points.
        let points = few && ink.strokes.reduce(0) { $0 + $1.points.count } <= Self.mostPointsCompared ? ink : nil
        let near = few
            ? grouped(boxes, boxGap: { Self.nearGap * min($0.size, $1.size) })
            : boxes.indices.map { [$0] }
        let touching = few
            ? grouped(boxes, boxGap: Self.touchingGap(_:_:), points: points.map { ($0, Self.touchingGap(_:_:)) })
            : boxes.indices.map { [$0] }
        let candidates = touching.filter { group in
            group.count <= Self.mostStrokesInAShape && isShapeLike(Ink(strokes: group.map { ink.strokes[$0] }))
        }
        let shapesAlone = Set(candidates)
        var nearGroup = [Int](repeating: 0, count: boxes.count)
        for (number, group) in near.enumerated() { for index in group { nearGroup[index] = number } }
        let writingHeight = lineHeight
            ?? median(near.filter { $0.count > 1 && !shapesAlone.contains($0) }.map { Box(enclosing: $0.map { boxes[$0] }).height })
        var parts: [InkPart] = []
        var drawn = Set<Int>()
        for group in candidates {
            let size = Box(enclosing: group.map { boxes[$0] }).largerSide
            let alone = near[nearGroup[group[0]]] == group
            // Among writing, a few touching strokes are as likely letters run together.
            if !alone && group.count > 1 { continue }
            let least = alone ? Self.aloneSize : Self.amongSize
            let large = writingHeight.map { size >= least * $0 } ?? true
            if large || (few && group.count == 1 && isFrame(group[0], boxes: boxes)) {
                parts.append(InkPart(kind: .drawing, strokes: group, ink: Ink(strokes: group.map { ink.strokes[$0] })))
                drawn.formUnion(group)
            }
        }
        let writing = boxes.indices.filter { !drawn.contains($0) }
        if !writing.isEmpty || parts.isEmpty {
            parts.append(InkPart(kind: .writing, strokes: writing, ink: Ink(strokes: writing.map { ink.strokes[$0] })))
        }
        return parts.sorted { ($0.strokes.first ?? 0) < ($1.strokes.first ?? 0) }
    }

    /// Whether the shapes model fits the ink within `fit` as a shape that is not flat: a
    /// triangle's or rectangle's area at least 5% of the square on its box's diagonal, an
    /// ellipse's shorter axis at least 15% of its longer (a straight stroke fits a flat
    /// triangle exactly), or an arrow (a shaft with a head).
    func isShapeLike(_ ink: Ink) -> Bool {
        guard let best = shapes.candidates(for: ink).first, best.score <= Self.fit else { return false }
        switch best.text {
        case "arrow":
            return true
        case "ellipse":
            // The centre, the ends of the major axis, then the minor's.
            guard best.points.count == 5 else { return false }
            return best.points[0].distance(to: best.points[3]) >= 0.15 * best.points[0].distance(to: best.points[1])
        default:
            let box = Box(points: best.points)
            let diagonal = box.width * box.width + box.height * box.height
            return diagonal > 0 && ShapeRecognizer.area(best.points) >= 0.05 * diagonal
        }
    }

    /// Whether stroke `index`'s box frames other strokes: holds at least `framedStrokes` of
    /// them whole (rule 3).
    private func isFrame(_ index: Int, boxes: [Box]) -> Bool {
        let box = boxes[index]
        var held = 0
        for other in boxes.indices where other != index && box.holds(boxes[other]) {
            held += 1
            if held == Self.framedStrokes { return true }
        }
        return false
    }

    /// The strokes in groups, two strokes joined when the gap between their boxes is at most
    /// `boxGap` of them and, with `points`, two of their points are at most its `gap` apart;
    /// each group ascending, groups in the order of their first stroke.
    private func grouped(
        _ boxes: [Box], boxGap: (Box, Box) -> Double, points: (ink: Ink, gap: (Box, Box) -> Double)? = nil
    ) -> [[Int]] {
        var root = Array(boxes.indices)
        func find(_ index: Int) -> Int {
            var index = index
            while root[index] != index {
                root[index] = root[root[index]]
                index = root[index]
            }
            return index
        }
        for a in boxes.indices {
            for b in boxes.indices.dropFirst(a + 1) {
                guard boxes[a].gap(to: boxes[b]) <= boxGap(boxes[a], boxes[b]) else { continue }
                if let points, !Self.come(within: points.gap(boxes[a], boxes[b]), points.ink.strokes[a].points, points.ink.strokes[b].points) {
                    continue
                }
                root[find(a)] = find(b)
            }
        }
        var groups: [Int: [Int]] = [:]
        for index in boxes.indices { groups[find(index), default: []].append(index) }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    /// Whether a point of one stroke is within `limit` of a point of the other.
    private static func come(within limit: Double, _ first: [Ink.Point], _ second: [Ink.Point]) -> Bool {
        let squared = limit * limit
        for p in first {
            for q in second where (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) <= squared { return true }
        }
        return false
    }

    private func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// A stroke's or group's box, in the ink's coordinates.
struct Box {
    var minimumX = Double.infinity, minimumY = Double.infinity
    var maximumX = -Double.infinity, maximumY = -Double.infinity

    init(_ stroke: Ink.Stroke) {
        for point in stroke.points { include(point.x, point.y) }
    }

    init(points: [PixelPoint]) {
        for point in points { include(point.x, point.y) }
    }

    init(enclosing boxes: [Box]) {
        for box in boxes {
            include(box.minimumX, box.minimumY)
            include(box.maximumX, box.maximumY)
        }
    }

    private mutating func include(_ x: Double, _ y: Double) {
        minimumX = min(minimumX, x)
        minimumY = min(minimumY, y)
        maximumX = max(maximumX, x)
        maximumY = max(maximumY, y)
    }

    var width: Double { max(0, maximumX - minimumX) }
    var height: Double { max(0, maximumY - minimumY) }
    var area: Double { width * height }
    var largerSide: Double { max(width, height) }
    /// Its height, or 0.15 of its width when that is more (a dash).
    var size: Double { max(height, 0.15 * width) }

    /// Whether `other` lies wholly inside it.
    func holds(_ other: Box) -> Bool {
        other.minimumX >= minimumX && other.maximumX <= maximumX && other.minimumY >= minimumY && other.maximumY <= maximumY
    }

    /// The distance between the two boxes (0 when they touch or overlap).
    func gap(to other: Box) -> Double {
        let dx = max(0, other.minimumX - maximumX, minimumX - other.maximumX)
        let dy = max(0, other.minimumY - maximumY, minimumY - other.maximumY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
