import Foundation
import ScryCore
import Testing

@testable import ScryInk

/// Characters drawn here stroke by stroke, in their stroke order, in a 100 x 100 box (scaled
/// and moved, so that the recognizer sees them where a pen would put them), read by zinnia with
/// tegaki's Japanese model.
struct ZinniaRecognizerTests {
    static let drawn: [(String, [[(Double, Double)]])] = [
        ("一", [[(15, 50), (85, 50)]]),
        ("二", [[(25, 30), (75, 30)], [(15, 70), (85, 70)]]),
        ("三", [[(25, 22), (75, 22)], [(30, 50), (70, 50)], [(15, 80), (85, 80)]]),
        ("十", [[(15, 45), (85, 45)], [(50, 10), (50, 90)]]),
        ("川", [[(25, 20), (20, 75)], [(50, 25), (50, 70)], [(78, 15), (78, 90)]]),
        ("人", [[(50, 10), (48, 40), (15, 88)], [(50, 40), (85, 88)]]),
        ("大", [[(15, 38), (85, 38)], [(50, 10), (48, 45), (15, 88)], [(52, 48), (85, 88)]]),
        ("山", [[(50, 10), (50, 80)], [(20, 35), (20, 80), (80, 80)], [(80, 35), (80, 82)]]),
        ("日", [[(28, 15), (28, 85)], [(28, 15), (72, 15), (72, 85)], [(28, 50), (72, 50)], [(28, 83), (72, 83)]]),
        ("中", [[(25, 30), (25, 65)], [(25, 30), (75, 30), (75, 65)], [(25, 63), (75, 63)], [(50, 10), (50, 92)]]),
    ]

    /// The character's ink: each stroke's polyline with a point every 2 units, scaled 3 times
    /// and moved by (7, 11).
    static func ink(_ strokes: [[(Double, Double)]]) -> Ink {
        Ink(strokes: strokes.map { polyline in
            var points: [Ink.Point] = []
            for (a, b) in zip(polyline, polyline.dropFirst()) {
                let steps = max(2, Int(hypot(b.0 - a.0, b.1 - a.1) / 2))
                for step in 0..<steps {
                    let t = Double(step) / Double(steps)
                    points.append(Ink.Point(x: (a.0 + (b.0 - a.0) * t) * 3 + 7, y: (a.1 + (b.1 - a.1) * t) * 3 + 11))
                }
            }
            let last = polyline.last!
            points.append(Ink.Point(x: last.0 * 3 + 7, y: last.1 * 3 + 11))
            return Ink.Stroke(points: points)
        })
    }

    private var japanese: String {
        InkModel.known.compactMap { model -> String? in
            if model.identifier == "ja", case .zinnia(let path, _, _) = model.kind { return path }
            return nil
        }.first!
    }

    @Test func drawnCharactersAreRead() throws {
        let recognizer = try ZinniaRecognizer(modelPath: japanese)
        for (character, strokes) in Self.drawn {
            let candidates = recognizer.candidates(for: Self.ink(strokes), count: 5)
            #expect(candidates.first?.text == character, "\(character): \(candidates.map(\.text))")
            // Scores rise down the list and are never negative.
            #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score <= $1.score && $0.score >= 0 })
        }
    }

    @Test func theWritingAreaPlacesTheCharacter() throws {
        let recognizer = try ZinniaRecognizer(modelPath: japanese)
        // 十 drawn in the middle of a 321 x 321 surface: read in it as in its own square.
        let cross = Self.ink(Self.drawn[3].1)
        #expect(recognizer.candidates(for: cross, writingArea: (321, 321), count: 1).first?.text == "十")
        #expect(recognizer.candidates(for: Ink(strokes: []), count: 3).isEmpty)
    }

    @Test func aMissingModelSaysWhich() {
        #expect(throws: InkModelError.self) { try ZinniaRecognizer(modelPath: "/nonexistent/handwriting-xx.model") }
    }
}
