import Foundation
import Testing

@testable import ScryInk

/// The semi-voiced mark found in the strokes: a small circle drawn at the upper right of a
/// character, not two ticks, not a loop elsewhere.
struct SemiVoicedMarkTests {
    /// A stroke through the points, in a 100 x 100 box.
    static func stroke(_ points: [(Double, Double)]) -> Ink.Stroke {
        Ink.Stroke(points: points.map { Ink.Point(x: $0.0, y: $0.1) })
    }

    /// A circle of `radius` around (x, y), drawn in one stroke from its top, `turn` times round.
    static func circle(_ x: Double, _ y: Double, radius: Double, turn: Double = 1) -> Ink.Stroke {
        stroke((0...24).map { step in
            let angle = Double(step) / 24 * 2 * .pi * turn - .pi / 2
            return (x + radius * cos(angle), y + radius * sin(angle))
        })
    }

    /// ハ's two strokes, in 0...100.
    static let ha = [stroke([(40, 20), (30, 50), (10, 90)]), stroke([(60, 25), (75, 60), (95, 90)])]

    @Test func aSmallCircleAtTheUpperRightIsTheMark() {
        #expect(SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha + [Self.circle(92, 8, radius: 8)])))
        // Drawn counter-clockwise, or not quite closed: still the mark.
        #expect(SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha + [Self.circle(92, 8, radius: 8, turn: -0.93)])))
    }

    @Test func ticksALoopElsewhereOrNoMarkAreNot() {
        let ticks = [Self.stroke([(80, 2), (84, 12)]), Self.stroke([(92, 0), (96, 10)])]
        #expect(!SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha + ticks)))
        #expect(!SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha)))
        // A loop at the lower right (ほ's, ね's) or at the upper left.
        #expect(!SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha + [Self.circle(85, 85, radius: 8)])))
        #expect(!SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha + [Self.circle(10, 10, radius: 8)])))
        // Half a circle does not come back; a large circle is a character's own stroke; a
        // circle alone is not a mark on anything.
        #expect(!SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha + [Self.circle(92, 8, radius: 8, turn: 0.5)])))
        #expect(!SemiVoicedMark.isDrawn(in: Ink(strokes: Self.ha + [Self.circle(75, 25, radius: 25)])))
        #expect(!SemiVoicedMark.isDrawn(in: Ink(strokes: [Self.circle(50, 50, radius: 8)])))
    }

    /// ひ in one stroke, in 0...100.
    static let hiraganaHi = [stroke([(15, 30), (35, 28), (25, 55), (30, 85), (50, 85), (65, 50), (70, 30), (85, 80)])]

    /// ひ and ハ with a small circle are read ぴ and パ, with two ticks び and バ: the recognizer
    /// as `scry ink --model ja` makes it. (Without the mark's cost ひ with the circle is read び:
    /// the picture of a circle that small is much like the ticks.)
    @Test func theRecognizerReadsTheMarkDrawn() throws {
        let recognizer = try CharacterRecognizerTests.recognizer("ja")
        let ticks = [Self.stroke([(84, 2), (88, 12)]), Self.stroke([(94, 0), (98, 10)])]
        let circle = Self.circle(92, 8, radius: 5)
        for (strokes, expected) in [
            (Self.hiraganaHi + [circle], "ぴ"), (Self.hiraganaHi + ticks, "び"), (Self.ha + [circle], "パ"), (Self.ha + ticks, "バ"),
        ] {
            let candidates = try recognizer.candidates(for: Ink(strokes: strokes), count: 5)
            #expect(candidates.first?.text == expected, "\(candidates.map(\.text))")
        }
    }

    @Test func onlyTheHaRowCarriesOrLacksTheMark() {
        for (text, carried) in [("ぱ", true), ("ポ", true), ("ぺ", true), ("は", false), ("ば", false), ("ヘ", false)] {
            #expect(SemiVoicedMark.carried(by: text) == carried, "\(text)")
        }
        for text in ["か", "が", "キ", "牛", "ぱぱ", ""] {
            #expect(SemiVoicedMark.carried(by: text) == nil && SemiVoicedMark.marked(from: text) == nil, "\(text)")
        }
        #expect(["は", "ば", "ぱ"].map(SemiVoicedMark.marked(from:)) == ["ぱ", "ぱ", "ぱ"])
        #expect(SemiVoicedMark.marked(from: "ボ") == "ポ")
    }
}
