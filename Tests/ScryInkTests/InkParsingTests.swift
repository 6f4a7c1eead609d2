import Testing

@testable import ScryInk

struct InkParsingTests {
    private func ink(_ text: String) throws(InkError) -> Ink { try Ink(json: Array(text.utf8)) }

    @Test func mlKitsShapeIsRead() throws {
        let read = try ink(#"{"strokes":[{"points":[{"x":12.5,"y":40,"t":0},{"x":13,"y":41,"t":8}]},{"points":[{"x":1,"y":2}]}],"id":"x"}"#)
        #expect(read.strokes.count == 2)
        #expect(read.strokes[0].points[1] == Ink.Point(x: 13, y: 41, t: 8))
        #expect(read.strokes[1].points[0].t == nil)
    }

    @Test func badInkSaysWhy() {
        #expect(throws: InkError.self) { try ink("{") }
        #expect(throws: InkError.self) { try ink("[1, 2]") }
        #expect(throws: InkError.notInk("no \"strokes\" list")) { try ink(#"{"points":[]}"#) }
        #expect(throws: InkError.notInk("stroke 1 has no points")) { try ink(#"{"strokes":[{"points":[]}]}"#) }
        #expect(throws: InkError.notInk("stroke 1, point 1 lacks x or y")) { try ink(#"{"strokes":[{"points":[{"x":1}]}]}"#) }
        #expect(throws: InkError.notInk("stroke 1, point 1: y is not a number")) { try ink(#"{"strokes":[{"points":[{"x":1,"y":"2"}]}]}"#) }
        #expect(throws: InkError.self) { try ink(#"{"strokes":[{"points":[{"x":1,"y":NaN}]}]}"#) }
        // A number too large for a Double is refused, by the JSON reader or as not finite.
        #expect(throws: InkError.self) { try ink(#"{"strokes":[{"points":[{"x":1e999,"y":2}]}]}"#) }
        #expect(throws: InkError.timeGoesBackwards(stroke: 1, point: 2)) {
            try ink(#"{"strokes":[{"points":[{"x":1,"y":2,"t":10},{"x":1,"y":2,"t":9}]}]}"#)
        }
    }
}
