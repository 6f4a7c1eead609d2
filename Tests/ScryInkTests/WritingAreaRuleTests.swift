import Foundation
import ScryCore
import Testing

@testable import ScryInk

/// The writing area as one line 100 units high: a lower-case letter spans about 45 units, a
/// capital about 65, the baseline lies at 80.
struct WritingAreaRuleTests {
    let rule = WritingAreaRule(width: 300, height: 100)

    /// An ellipse `width` by `height` whose bottom sits on the baseline (or whose middle is at
    /// `middle`).
    func ellipse(width: Double, height: Double, middle: Double? = nil, open: Bool = false) -> Ink {
        let centre = middle ?? (80 - height / 2)
        let steps = open ? 30 : 40
        let points = (0...steps).map { step in
            let angle = Double(step) / 40 * 2 * Double.pi + (open ? 0.8 : 0)
            return Ink.Point(x: 50 + width / 2 * cos(angle), y: centre + height / 2 * sin(angle))
        }
        return Ink(strokes: [Ink.Stroke(points: points)])
    }

    func tick(from top: Double, to bottom: Double) -> Ink {
        Ink(strokes: [Ink.Stroke(points: [Ink.Point(x: 50, y: top), Ink.Point(x: 51, y: (top + bottom) / 2), Ink.Point(x: 49, y: bottom)])])
    }

    func best(_ ink: Ink, readAs text: String) -> String? {
        rule.apply(to: [InkCandidate(text: text, score: 0.5), InkCandidate(text: "Q", score: 3)], for: ink).first?.text
    }

    @Test func caseIsTheLettersHeightInTheLine() {
        for letter in ["o", "O"] {
            #expect(best(ellipse(width: 42, height: 45), readAs: letter) == "o")
            #expect(best(ellipse(width: 52, height: 66), readAs: letter) == "O")
        }
        for letter in ["c", "s", "v", "w", "x", "z"] {
            #expect(best(ellipse(width: 40, height: 44), readAs: letter.uppercased()) == letter)
            #expect(best(ellipse(width: 50, height: 64), readAs: letter) == letter.uppercased())
        }
        // A capital-sized narrow ring is the digit; a letter other than the seven keeps its case.
        #expect(best(ellipse(width: 42, height: 66), readAs: "O") == "0")
        #expect(best(ellipse(width: 52, height: 66), readAs: "0") == "O")
        #expect(best(ellipse(width: 42, height: 45), readAs: "a") == "a")
        #expect(best(ellipse(width: 42, height: 45), readAs: "A") == "A")
    }

    @Test func punctuationIsTheMarksShapeAndPlace() {
        #expect(best(tick(from: 76, to: 90), readAs: "1") == ",")
        #expect(best(tick(from: 15, to: 30), readAs: "1") == "'")
        #expect(best(ellipse(width: 3, height: 3, middle: 79), readAs: "一") == ".")
        #expect(best(ellipse(width: 16, height: 16, middle: 25), readAs: "O") == "°")
        // A small mark in the middle of the line is left as read.
        #expect(best(ellipse(width: 10, height: 10, middle: 50), readAs: "o") == "o")
    }

    @Test func theDecidedCharacterComesFirstAndKeepsALeadingSpace() {
        let candidates = [InkCandidate(text: " O", score: 0.2), InkCandidate(text: " o", score: 2), InkCandidate(text: " Q", score: 4)]
        let ruled = rule.apply(to: candidates, for: ellipse(width: 42, height: 45))
        #expect(ruled.map(\.text) == [" o", " O", " Q"])
        #expect(ruled.first?.score == 0.2 && ruled.count == candidates.count)
        // A word is left as it is; so is an ink without points.
        #expect(rule.apply(to: [InkCandidate(text: "cow", score: 1)], for: ellipse(width: 90, height: 45)).map(\.text) == ["cow"])
        // A word small in its area is not a mark.
        #expect(rule.apply(to: [InkCandidate(text: "on", score: 1)], for: ellipse(width: 20, height: 10, middle: 79)).map(\.text) == ["on"])
        #expect(rule.apply(to: [InkCandidate(text: "o", score: 1)], for: Ink(strokes: [])).map(\.text) == ["o"])
    }
}
