import ScryCore
import Testing

@testable import ScryInk

struct ShapeRecognizerTests {
    @Test func drawnShapesAreRecognized() {
        var drawn = DrawnShapes(seed: 2026)
        var right = 0, total = 0
        var wrong: [String] = []
        for index in 0..<200 {
            let name = ShapeRecognizer.shapes[index % 4]
            let (ink, _) = drawn.shape(name)
            let best = ShapeRecognizer().candidates(for: ink).first?.text
            total += 1
            if best == name { right += 1 } else { wrong.append("\(index) \(name) as \(best ?? "nothing")") }
        }
        // ML Kit's shapes classifier is the model: 95% of drawn shapes read right.
        #expect(Double(right) / Double(total) >= 0.95, "\(right) of \(total): \(wrong)")
    }

    @Test func cornersAreWhereTheyWereDrawn() {
        var drawn = DrawnShapes(seed: 7)
        for name in ["rectangle", "triangle"] {
            for _ in 0..<10 {
                let (ink, corners) = drawn.shape(name)
                let found = ShapeRecognizer().candidates(for: ink).first { $0.text == name }!.points
                #expect(found.count == corners.count)
                // Each true corner has a found one within 15 px (the wobble, the overshoot, the 6 px jitter).
                for corner in corners {
                    #expect(found.contains { $0.distance(to: corner) < 15 }, "\(name): \(corner) not in \(found)")
                }
            }
        }
    }

    @Test func anArrowPointsFromTailToTip() {
        var drawn = DrawnShapes(seed: 11)
        for _ in 0..<10 {
            let (ink, ends) = drawn.shape("arrow")
            let arrow = ShapeRecognizer().candidates(for: ink).first { $0.text == "arrow" }
            let points = arrow?.points ?? []
            #expect(points.count == 2 && points[0].distance(to: ends[0]) < 15 && points[1].distance(to: ends[1]) < 15, "\(points) vs \(ends)")
        }
    }

    @Test func inkWithoutExtentHasNoCandidates() {
        #expect(ShapeRecognizer().candidates(for: Ink(strokes: [])).isEmpty)
        #expect(ShapeRecognizer().candidates(for: Ink(strokes: [.init(points: [.init(x: 3, y: 4), .init(x: 3, y: 4)])])).isEmpty)
        // One point, or a straight line: candidates, whatever they are, and no trap.
        _ = ShapeRecognizer().candidates(for: Ink(strokes: [.init(points: [.init(x: 0, y: 0), .init(x: 100, y: 0)])]))
    }
}
