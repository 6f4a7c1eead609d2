import Foundation
import ScryCore
import ScryInk

/// Shapes drawn as a hand draws them, from a seeded generator (SplitMix64): turned, uneven,
/// with a wobbling pen, and closed with an overshoot or a gap.
struct DrawnShapes {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func random() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + random() * (range.upperBound - range.lowerBound) }

    /// A stroke along `path` (points in order), each point moved by the pen's wobble, with time
    /// stamps 8 ms apart.
    private mutating func stroke(_ path: [PixelPoint], wobble: Double, start: Double) -> Ink.Stroke {
        var phase = uniform(0...6.28)
        return Ink.Stroke(points: path.enumerated().map { index, point in
            phase += uniform(0.05...0.25)
            return Ink.Point(x: point.x + wobble * sin(phase), y: point.y + wobble * cos(phase * 1.3), t: start + Double(index) * 8)
        })
    }

    /// Points along a closed polygon's sides, from its first corner round to where the pen
    /// stops: `closing` of the first side past it (an overshoot) or short of it (a gap, when
    /// negative).
    private func around(_ corners: [PixelPoint], closing: Double, spacing: Double) -> [PixelPoint] {
        var path: [PixelPoint] = []
        for index in corners.indices {
            let a = corners[index], b = corners[(index + 1) % corners.count]
            let last = index == corners.count - 1
            let steps = max(2, Int(a.distance(to: b) / spacing))
            let end = last && closing < 0 ? 1 + closing : 1.0
            for step in 0..<steps where Double(step) / Double(steps) <= end {
                let t = Double(step) / Double(steps)
                path.append(PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        if closing > 0 {
            let a = corners[0], b = corners[1]
            for step in 0...Int(closing * 20) {
                let t = Double(step) / 20
                path.append(PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return path
    }

    /// Corners of a polygon centred at (300, 300), turned by up to 20 degrees.
    private mutating func placed(_ corners: [(Double, Double)]) -> [PixelPoint] {
        let angle = uniform(-0.35...0.35)
        return corners.map { x, y in
            PixelPoint(x: 300 + x * cos(angle) - y * sin(angle) + uniform(-6...6), y: 300 + x * sin(angle) + y * cos(angle) + uniform(-6...6))
        }
    }

    /// A drawn shape: its name, its ink, and its true corners (rectangles and triangles).
    mutating func shape(_ name: String) -> (ink: Ink, corners: [PixelPoint]) {
        let closing = uniform(-0.12...0.12)
        let wobble = uniform(0.5...3)
        switch name {
        case "rectangle":
            let (w, h) = (uniform(120...260), uniform(80...200))
            let corners = placed([(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)])
            return (Ink(strokes: [stroke(around(corners, closing: closing, spacing: 3), wobble: wobble, start: 0)]), corners)
        case "triangle":
            let size = uniform(120...240)
            let corners = placed([(0, -size / 2), (size / 2 + uniform(-30...30), size / 2), (-size / 2 + uniform(-30...30), size / 2)])
            return (Ink(strokes: [stroke(around(corners, closing: closing, spacing: 3), wobble: wobble, start: 0)]), corners)
        case "ellipse":
            let (a, b, turn) = (uniform(60...140), uniform(40...120), uniform(0...3.14))
            let start = uniform(0...6.28), sweep = 2 * Double.pi * (1 + closing)
            let path = (0...200).map { step -> PixelPoint in
                let angle = start + sweep * Double(step) / 200
                let (x, y) = (a * cos(angle), b * sin(angle))
                return PixelPoint(x: 300 + x * cos(turn) - y * sin(turn), y: 300 + x * sin(turn) + y * cos(turn))
            }
            return (Ink(strokes: [stroke(path, wobble: wobble, start: 0)]), [])
        default:
            // An arrow: the shaft, then the head as one stroke (a V) or two.
            let length = uniform(150...300), turn = uniform(0...6.28)
            let tail = PixelPoint(x: 300 - length / 2 * cos(turn), y: 300 - length / 2 * sin(turn))
            let tip = PixelPoint(x: 300 + length / 2 * cos(turn), y: 300 + length / 2 * sin(turn))
            let shaft = (0...60).map { PixelPoint(x: tail.x + (tip.x - tail.x) * Double($0) / 60, y: tail.y + (tip.y - tail.y) * Double($0) / 60) }
            let wing = length * uniform(0.15...0.3), spread = uniform(0.35...0.7)
            func end(_ side: Double) -> PixelPoint {
                PixelPoint(x: tip.x - wing * cos(turn + side * spread), y: tip.y - wing * sin(turn + side * spread))
            }
            func line(_ a: PixelPoint, _ b: PixelPoint) -> [PixelPoint] {
                (0...15).map { PixelPoint(x: a.x + (b.x - a.x) * Double($0) / 15, y: a.y + (b.y - a.y) * Double($0) / 15) }
            }
            var strokes = [stroke(shaft, wobble: wobble, start: 0)]
            if random() < 0.5 {
                strokes.append(stroke(line(end(1), tip) + line(tip, end(-1)), wobble: wobble, start: 800))
            } else {
                strokes.append(stroke(line(tip, end(1)), wobble: wobble, start: 800))
                strokes.append(stroke(line(tip, end(-1)), wobble: wobble, start: 1200))
            }
            return (Ink(strokes: strokes), [tail, tip])
        }
    }
}
