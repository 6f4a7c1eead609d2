import Foundation
import ScryCore
import ScryImageIO
import Testing

@testable import ScryInk

/// The shapes of characters as IPA's fonts print them and as ZinniaRecognizerTests' inks draw
/// them: a character is nearest itself whichever font or pen drew it.
struct CharacterShapeTests {
    static let fonts = CharacterRecognizerTests.model("ja").2

    static func printed(_ character: String, font: Int) throws -> CharacterShape {
        let glyphs = try FontGlyphs(path: fonts[font])
        let picture = try #require(glyphs.picture(of: character.unicodeScalars.first!), "\(character)")
        return try #require(CharacterShape(picture: picture))
    }

    /// Each character in IPA Gothic is nearest the same character in IPA Mincho, among
    /// characters that PP-OCR's recognizer confuses when they are drawn alone (キ and 牛, ヤ
    /// and 中, い and し). Not ぱ and ば: a small circle and two short ticks have edges of
    /// much the same directions, and Gothic's ぱ is nearer Mincho's ば.
    @Test func eachPrintedCharacterIsNearestItselfInAnotherFont() throws {
        let characters = ["は", "キ", "牛", "ヤ", "中", "い", "し", "レ", "ヲ", "ラ"]
        let mincho = try characters.map { try Self.printed($0, font: 1) }
        for character in characters {
            let gothic = try Self.printed(character, font: 0)
            let distances = mincho.map { gothic.distance(to: $0) }
            let nearest = characters[distances.indices.min { distances[$0] < distances[$1] }!]
            #expect(nearest == character, "\(character): \(zip(characters, distances).map { "\($0) \($1)" })")
        }
    }

    /// Size, place and pen width do not count; the strokes' order and direction do not either.
    @Test func sizePlaceAndPenDoNotCount() throws {
        let big = ZinniaRecognizerTests.ink(ZinniaRecognizerTests.drawn[6].1)  // 大
        let small = Ink(strokes: big.strokes.reversed().map { stroke in
            Ink.Stroke(points: stroke.points.reversed().map { Ink.Point(x: $0.x / 5 + 400, y: $0.y / 5 - 30) })
        })
        let person = ZinniaRecognizerTests.ink(ZinniaRecognizerTests.drawn[5].1)  // 人
        let a = try #require(CharacterShape(ink: big)), b = try #require(CharacterShape(ink: small))
        let c = try #require(CharacterShape(ink: person))
        #expect(a.distance(to: b) < 1e-9)
        let thinPicture = try #require(big.renderedLine(height: 60, inkHeight: 48, widestRatio: 1, pen: .round(radius: 0.8)))
        let thin = try #require(CharacterShape(picture: thinPicture))
        #expect(a.distance(to: thin) < 0.25, "\(a.distance(to: thin))")
        #expect(a.distance(to: c) > 2 * a.distance(to: thin), "\(a.distance(to: c)) against \(a.distance(to: thin))")
        #expect(abs(a.features.reduce(0) { $0 + $1 * $1 } - 1) < 1e-9)
    }

    @Test func aBlankPictureHasNoShape() {
        #expect(CharacterShape(picture: GrayImage(width: 40, height: 40, filledWith: 255)) == nil)
        #expect(CharacterShape(ink: Ink(strokes: [])) == nil)
    }

    /// ZinniaRecognizerTests' ten characters, drawn, are each nearest their own printed form.
    @Test func drawnCharactersAreNearestTheirPrintedForm() throws {
        let printed = try PrintedCharacters(fontPaths: Self.fonts)
        let characters = ZinniaRecognizerTests.drawn.map(\.0)
        for (character, strokes) in ZinniaRecognizerTests.drawn {
            let ink = ZinniaRecognizerTests.ink(strokes)
            let distances = characters.map { printed.distance(from: ink, to: $0) ?? .infinity }
            let nearest = characters[distances.indices.min { distances[$0] < distances[$1] }!]
            #expect(nearest == character, "\(character): \(zip(characters, distances).map { "\($0) \($1)" })")
        }
    }

    @Test func aCharacterNoFontHasHasNoDistance() throws {
        let printed = try PrintedCharacters(fontPaths: Self.fonts)
        let ink = ZinniaRecognizerTests.ink(ZinniaRecognizerTests.drawn[0].1)
        #expect(printed.distance(from: ink, to: "\u{1F600}") == nil)
        #expect(printed.distance(from: ink, to: "一二") == nil)
        #expect(printed.distance(from: ink, to: "一") != nil)
    }

    @Test func aMissingOrForeignFontIsAnError() throws {
        #expect(throws: InkModelError.self) { try PrintedCharacters(fontPaths: ["/nonexistent/font.ttf"]) }
        #expect(throws: InkModelError.self) { try PrintedCharacters(fontPaths: ["/etc/hostname"]) }
        #expect(throws: InkModelError.self) { try PrintedCharacters(fontPaths: []) }
    }
}
