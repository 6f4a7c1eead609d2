import Foundation
import ScryCore
import Testing

@testable import ScryInk

/// Pages of words (Hershey's cursive, as HandwritingRecognizerTests writes them) and shapes
/// drawn by hand (DrawnShapes), told apart.
struct WritingAndDrawingTests {
    /// `ink` moved so that its box's left edge is at `left` and its middle at height `middle`.
    private func moved(_ ink: Ink, left: Double, middle: Double) -> Ink {
        let box = ink.bounds!
        let dx = left - box.minimumX, dy = middle - (box.minimumY + box.maximumY) / 2
        return Ink(strokes: ink.strokes.map { Ink.Stroke(points: $0.points.map { Ink.Point(x: $0.x + dx, y: $0.y + dy, t: $0.t) }) })
    }

    private func right(of ink: Ink) -> Double { ink.bounds!.maximumX }

    /// Twelve pages: at least eleven split right (a shape in two strokes whose strokes do not
    /// touch stays writing), and a word's stroke is never taken for a drawing.
    @Test func aShapeDrawnBesideAWordIsADrawingOfItsOwn() throws {
        let word = try HandwritingRecognizerTests.written("garden")
        var drawn = DrawnShapes(seed: 7)
        var right = 0
        for name in ShapeRecognizer.shapes {
            for _ in 0..<3 {
                let shape = moved(drawn.shape(name).ink, left: self.right(of: word) + 60, middle: 0)
                let page = Ink(strokes: word.strokes + shape.strokes)
                let parts = WritingAndDrawing().parts(of: page)
                let drawings = parts.filter { $0.kind == .drawing }
                #expect(drawings.allSatisfy { $0.strokes.allSatisfy { $0 >= word.strokes.count } }, "\(name): \(parts.map { ($0.kind, $0.strokes) })")
                if parts.map(\.kind) == [.writing, .drawing], parts[0].strokes == Array(word.strokes.indices),
                    parts[1].strokes == Array(word.strokes.count..<page.strokes.count),
                    ShapeRecognizer().candidates(for: parts[1].ink).first?.text == name
                {
                    right += 1
                }
            }
        }
        #expect(right >= 11, "\(right) of 12 split right")
    }

    @Test func aShapeDrawnFirstComesFirst() throws {
        let word = try HandwritingRecognizerTests.written("lantern")
        var drawn = DrawnShapes(seed: 3)
        let shape = moved(drawn.shape("triangle").ink, left: 0, middle: 0)
        let page = Ink(strokes: shape.strokes + moved(word, left: right(of: shape) + 60, middle: 0).strokes)
        let parts = WritingAndDrawing().parts(of: page)
        #expect(parts.map(\.kind) == [.drawing, .writing])
        #expect(parts.first?.strokes == [0])
        #expect(parts.last?.strokes == Array(1..<page.strokes.count))
    }

    @Test func wordsAloneAreOneWritingPart() throws {
        for text in ["garden", "quickly", "moon", "cool", "hello    world"] {
            let word = try HandwritingRecognizerTests.written(text)
            let parts = WritingAndDrawing().parts(of: word)
            #expect(parts.map(\.kind) == [.writing], "\(text): \(parts.map { ($0.kind, $0.strokes) })")
            #expect(parts.first?.strokes == Array(word.strokes.indices))
            #expect(parts.first?.ink == word)
        }
    }

    @Test func shapesAloneAreDrawingsEach() {
        var drawn = DrawnShapes(seed: 11)
        let ellipse = moved(drawn.shape("ellipse").ink, left: 0, middle: 0)
        let arrow = moved(drawn.shape("arrow").ink, left: right(of: ellipse) + 100, middle: 0)
        let parts = WritingAndDrawing().parts(of: Ink(strokes: ellipse.strokes + arrow.strokes))
        #expect(parts.map(\.kind) == [.drawing, .drawing])
        #expect(parts.map(\.strokes) == [[0], Array(1...arrow.strokes.count)])
    }

    @Test func aBoxDrawnRoundAWordIsADrawing() throws {
        let word = try HandwritingRecognizerTests.written("garden")
        let box = word.bounds!
        let corners = [
            (box.minimumX - 20, box.minimumY - 20), (box.maximumX + 20, box.minimumY - 20),
            (box.maximumX + 20, box.maximumY + 20), (box.minimumX - 20, box.maximumY + 20), (box.minimumX - 18, box.minimumY - 20),
        ]
        var points: [Ink.Point] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for step in 0..<40 {
                let f = Double(step) / 40
                points.append(Ink.Point(x: a.0 + (b.0 - a.0) * f, y: a.1 + (b.1 - a.1) * f))
            }
        }
        let page = Ink(strokes: word.strokes + [Ink.Stroke(points: points)])
        let parts = WritingAndDrawing().parts(of: page)
        #expect(parts.map(\.kind) == [.writing, .drawing])
        #expect(parts.last?.strokes == [word.strokes.count])
    }

    @Test func aLetterSizedRingIsWritingInAWritingArea() {
        // A ring 40 units high: alone it is an ellipse; in a writing area 100 units high, a
        // letter ("o").
        let ring = Ink(strokes: [
            Ink.Stroke(points: (0...48).map { Ink.Point(x: 20 + 18 * cos(Double($0) * .pi / 24), y: 50 + 20 * sin(Double($0) * .pi / 24)) })
        ])
        #expect(WritingAndDrawing().parts(of: ring).map(\.kind) == [.drawing])
        #expect(WritingAndDrawing().parts(of: ring, lineHeight: 100).map(\.kind) == [.writing])
    }

    @Test func aStraightStrokeIsNoShape() {
        let line = Ink(strokes: [Ink.Stroke(points: (0...30).map { Ink.Point(x: Double($0) * 10, y: 5) })])
        #expect(WritingAndDrawing().parts(of: line).map(\.kind) == [.writing])
        #expect(!WritingAndDrawing().isShapeLike(line))
    }
}
