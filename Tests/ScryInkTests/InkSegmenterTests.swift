import ScryInk
import XCTest

/// The segmenter fed strokes as a pen draws them: inks end at a pause or at a gap.
final class InkSegmenterTests: XCTestCase {
    /// Draws a straight stroke from `from` to `to` starting at `start` ms, 10 ms a point;
    /// returns the ink the stroke's start ended, if any, and the time the pen lifted.
    private func draw(_ segmenter: inout InkSegmenter, from: (Double, Double), to: (Double, Double), start: Double) -> (Ink?, Double) {
        let ended = segmenter.penDown(x: from.0, y: from.1, milliseconds: start)
        for step in 1..<10 {
            let f = Double(step) / 10
            segmenter.penMove(x: from.0 + f * (to.0 - from.0), y: from.1 + f * (to.1 - from.1), milliseconds: start + Double(step) * 10)
        }
        segmenter.penUp(x: to.0, y: to.1, milliseconds: start + 100)
        return (ended, start + 100)
    }

    func testAPauseEndsTheInk() {
        var segmenter = InkSegmenter(pause: 200)
        var (ended, lifted) = draw(&segmenter, from: (0, 0), to: (0, 100), start: 0)
        XCTAssertNil(ended)
        // Within the pause, a second stroke joins the same ink.
        XCTAssertNil(segmenter.pauseEnded(at: lifted + 150))
        (ended, lifted) = draw(&segmenter, from: (0, 50), to: (40, 50), start: lifted + 150)
        XCTAssertNil(ended)
        XCTAssertEqual(segmenter.completesAt, lifted + 200)
        XCTAssertNil(segmenter.pauseEnded(at: lifted + 199))
        let ink = segmenter.pauseEnded(at: lifted + 200)
        XCTAssertEqual(ink?.strokes.count, 2)
        // Down, nine moves, and up where the last move did not reach.
        XCTAssertEqual(ink?.strokes.first?.points.count, 11)
        XCTAssertEqual(ink?.strokes.last?.points.last, Ink.Point(x: 40, y: 50, t: lifted))
        // Nothing open any more.
        XCTAssertNil(segmenter.completesAt)
        XCTAssertNil(segmenter.pauseEnded(at: lifted + 10_000))
        XCTAssertNil(segmenter.finish())
    }

    func testAStrokeAtAGapEndsTheInkBeforeIt() {
        var segmenter = InkSegmenter(pause: 1000)
        // A word 100 high, 0..300 wide.
        var (ended, lifted) = draw(&segmenter, from: (0, 0), to: (0, 100), start: 0)
        (ended, lifted) = draw(&segmenter, from: (0, 100), to: (300, 0), start: lifted + 50)
        XCTAssertNil(ended)
        // A dot over it, inside its bounds: the same ink.
        (ended, lifted) = draw(&segmenter, from: (150, -10), to: (151, -10), start: lifted + 50)
        XCTAssertNil(ended)
        // A letter 60 to its right is still the word's.
        (ended, lifted) = draw(&segmenter, from: (360, 0), to: (380, 100), start: lifted + 50)
        XCTAssertNil(ended)
        // The next word begins 120 to its right: a gap of more than its height.
        (ended, lifted) = draw(&segmenter, from: (501, 0), to: (501, 100), start: lifted + 50)
        XCTAssertEqual(ended?.strokes.count, 4)
        // A stroke on the next line, below.
        (ended, lifted) = draw(&segmenter, from: (0, 250), to: (100, 250), start: lifted + 50)
        XCTAssertEqual(ended?.strokes.count, 1)
        XCTAssertEqual(segmenter.finish()?.strokes.count, 1)
    }

    func testCloseStrokesStayOneInk() {
        var segmenter = InkSegmenter(pause: 1000)
        var ended: Ink?
        var lifted = 0.0
        for letter in 0..<5 {
            // Letters 100 high, 40 apart.
            let x = Double(letter) * 100
            (ended, lifted) = draw(&segmenter, from: (x, 0), to: (x + 60, 100), start: lifted + 50)
            XCTAssertNil(ended)
        }
        XCTAssertEqual(segmenter.finish()?.strokes.count, 5)
    }

    func testTheStrokeBeingDrawnIsKeptAtTheEnd() {
        var segmenter = InkSegmenter()
        _ = segmenter.penDown(x: 1, y: 2, milliseconds: 0)
        segmenter.penMove(x: 3, y: 4, milliseconds: 8)
        XCTAssertNil(segmenter.completesAt)
        XCTAssertEqual(segmenter.finish(), Ink(strokes: [Ink.Stroke(points: [.init(x: 1, y: 2, t: 0), .init(x: 3, y: 4, t: 8)])]))
    }

    func testARecordedInkReadsBackTheSame() throws {
        let ink = Ink(strokes: [
            Ink.Stroke(points: [.init(x: 1, y: 2, t: 0.1), .init(x: 1234.5, y: -7, t: 16.7)]),
            Ink.Stroke(points: [.init(x: 0.3, y: 1e-3)]),
        ])
        XCTAssertEqual(try Ink(json: Array(ink.json.serialized.utf8)), ink)
    }
}

/// A file's ink cut into the words written side by side.
final class WordsSideBySideTests: XCTestCase {
    private func stroke(_ points: [(Double, Double)]) -> Ink.Stroke {
        Ink.Stroke(points: points.map { Ink.Point(x: $0.0, y: $0.1) })
    }

    func testWordsAreCutAtGapsWiderThanTheirHeight() {
        // Two letters 100 high 40 apart, a dot over the first, then a word 150 to the right.
        let ink = Ink(strokes: [
            stroke([(0, 0), (60, 100)]), stroke([(100, 0), (160, 100)]), stroke([(30, -20)]),
            stroke([(310, 0), (370, 100)]), stroke([(400, 20), (450, 100)]),
        ])
        let words = ink.wordsSideBySide()
        XCTAssertEqual(words.map(\.strokes.count), [3, 2])
        XCTAssertEqual(words.first?.strokes.last?.points.first?.x, 30)
    }

    func testOneWordStaysWhole() {
        let ink = Ink(strokes: (0..<6).map { letter in stroke([(Double(letter) * 90, 0), (Double(letter) * 90 + 60, 100)]) })
        XCTAssertEqual(ink.wordsSideBySide().map(\.strokes.count), [6])
        XCTAssertEqual(Ink(strokes: []).wordsSideBySide().count, 0)
    }
}
