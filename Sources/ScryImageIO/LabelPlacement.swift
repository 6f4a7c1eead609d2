import ScryCore

/// Where a picture's labels go (`AnnotatedPicture`): each beside its detection where there is
/// room, never over another label, over a text or barcode box, or across another outline;
/// where there is no room, a number beside the detection and the label in the side legend.
///
/// All in the frame's pixel space (origin top-left), in whole pixels.
struct LabelPlacement {
    /// An axis-aligned box.
    struct Box: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        var maxX: Int { x + width }
        var maxY: Int { y + height }

        func intersects(_ other: Box) -> Bool {
            x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
        }

        /// The smallest box holding `points`, grown by `margin` on every side.
        init(enclosing points: [PixelPoint], margin: Double) {
            let xs = points.map(\.x), ys = points.map(\.y)
            x = Int(((xs.min() ?? 0) - margin).rounded(.down))
            y = Int(((ys.min() ?? 0) - margin).rounded(.down))
            width = Int(((xs.max() ?? 0) + margin).rounded(.up)) - x
            height = Int(((ys.max() ?? 0) + margin).rounded(.up)) - y
        }

        init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// What a label must keep clear of: boxes it may not overlap at all (text lines, codes)
    /// and outlines it may lie inside but not cross (a page, a face).
    struct Obstacles {
        var areas: [Box] = []
        /// Outline edges, each with how far from it a label must stay.
        var edges: [(a: PixelPoint, b: PixelPoint, clearance: Double)] = []
    }

    let frame: Box
    private(set) var obstacles: Obstacles
    private(set) var placed: [Box] = []

    init(frameWidth: Int, frameHeight: Int, obstacles: Obstacles) {
        frame = Box(x: 0, y: 0, width: frameWidth, height: frameHeight)
        self.obstacles = obstacles
    }

    /// Whether `box` lies in the frame, clear of every obstacle and every label placed.
    func isFree(_ box: Box) -> Bool {
        guard box.x >= frame.x, box.y >= frame.y, box.maxX <= frame.maxX, box.maxY <= frame.maxY else { return false }
        if placed.contains(where: { $0.intersects(box) }) { return false }
        if obstacles.areas.contains(where: { $0.intersects(box) }) { return false }
        for edge in obstacles.edges where Self.segment(edge.a, edge.b, comesWithin: edge.clearance, of: box) { return false }
        return true
    }

    /// Whether the segment from `a` to `b` passes within `clearance` of `box`.
    static func segment(_ a: PixelPoint, _ b: PixelPoint, comesWithin clearance: Double, of box: Box) -> Bool {
        // Liang-Barsky clipping against the box grown by the clearance.
        let minX = Double(box.x) - clearance, maxX = Double(box.maxX) + clearance
        let minY = Double(box.y) - clearance, maxY = Double(box.maxY) + clearance
        let dx = b.x - a.x, dy = b.y - a.y
        var low = 0.0, high = 1.0
        for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return false }
            }
        }
        return true
    }

    /// The places tried for a label of `width` by `height` beside a detection whose outline
    /// (with its stroke) covers `around`, best first: above and below at its left and right
    /// ends, then right and left of it; and, for a detection other things may lie inside (a
    /// page, a face), just inside its top-left and bottom-left corners.
    static func candidates(width: Int, height: Int, around: Box, gap: Int, inside: Bool) -> [Box] {
        let above = around.y - gap - height, below = around.maxY + gap
        let middle = around.y + (around.height - height) / 2
        var boxes = [
            Box(x: around.x, y: above, width: width, height: height),
            Box(x: around.x, y: below, width: width, height: height),
            Box(x: around.maxX - width, y: above, width: width, height: height),
            Box(x: around.maxX - width, y: below, width: width, height: height),
            Box(x: around.maxX + gap, y: middle, width: width, height: height),
            Box(x: around.x - gap - width, y: middle, width: width, height: height),
        ]
        if inside {
            boxes.append(Box(x: around.x + 2 * gap, y: around.y + 2 * gap, width: width, height: height))
            boxes.append(Box(x: around.x + 2 * gap, y: around.maxY - 2 * gap - height, width: width, height: height))
        }
        return boxes
    }

    /// Places a label of `width` by `height` beside `around` where it is free; the box it
    /// takes, or nil when no place is free. A place that sticks out of the frame is moved in
    /// along the detection's side first.
    mutating func place(width: Int, height: Int, around: Box, gap: Int, inside: Bool) -> Box? {
        for var box in Self.candidates(width: width, height: height, around: around, gap: gap, inside: inside) {
            box.x = min(max(box.x, frame.x), frame.maxX - box.width)
            if isFree(box) {
                placed.append(box)
                return box
            }
        }
        return nil
    }

    /// Places a number's tag of `width` by `height` beside `around`: free if it can be, else
    /// left of it (or right, at the frame's left edge), inside the frame.
    mutating func placeTag(width: Int, height: Int, around: Box, gap: Int) -> Box {
        let middle = around.y + (around.height - height) / 2
        let left = Box(x: around.x - gap - width, y: middle, width: width, height: height)
        let right = Box(x: around.maxX + gap, y: middle, width: width, height: height)
        let first = Self.candidates(width: width, height: height, around: around, gap: gap, inside: false)
        // Then further out to the left, past other tags, and further out to the right.
        let further = (1...6).flatMap { step in
            [
                Box(x: left.x - step * (width + gap), y: middle, width: width, height: height),
                Box(x: right.x + step * (width + gap), y: middle, width: width, height: height),
            ]
        }
        for box in [left, right] + first + further where isFree(box) {
            placed.append(box)
            return box
        }
        var fallback = left.x >= frame.x ? left : right
        fallback.x = min(max(fallback.x, frame.x), max(frame.x, frame.maxX - width))
        fallback.y = min(max(fallback.y, frame.y), max(frame.y, frame.maxY - height))
        placed.append(fallback)
        return fallback
    }
}
