import ScryCore
import ScryTestSupport
import Testing

@testable import ScryNeuralText

@Suite struct LineShiftTests {
    /// The demo page's lines as the engine finds them, with their looks.
    func pageSightings() throws -> [LineShift.Sighting] {
        let page = try demoPage()
        let lines = try NeuralTextEngine(options: .init(recognize: false)).detectLines(in: page)
        return lines.map { LineShift.Sighting(line: $0, look: LineFingerprint($0, in: page)) }
    }

    func moved(_ sightings: [LineShift.Sighting], dx: Double, dy: Double) -> [LineShift.Sighting] {
        sightings.map { LineShift.Sighting(line: LineShift(dx: dx, dy: dy).applied(to: $0.line), look: $0.look) }
    }

    @Test func linesThatMovedTogetherGiveTheirMove() throws {
        let page = try pageSightings()
        try #require(page.count >= 5)
        let shift = try #require(LineShift.between(page, moved(page, dx: 143, dy: -21)))
        #expect(abs(shift.dx - 143) < 0.01 && abs(shift.dy + 21) < 0.01)
        // Some lines gone, the others in another order: the same move.
        let later = Array(moved(page, dx: -60, dy: 8).dropFirst(2).reversed())
        let again = try #require(LineShift.between(page, later))
        #expect(abs(again.dx + 60) < 0.01 && abs(again.dy - 8) < 0.01)
        #expect(LineShift.between(page, page)?.isNegligible == true)
    }

    @Test func anotherPageHasNoMove() throws {
        let page = try pageSightings()
        let other = try rendered("Sense and Sensibility, by Jane Austen")
        let lines = try NeuralTextEngine(options: .init(recognize: false)).detectLines(in: other)
        try #require(lines.count == 1)
        let sighting = LineShift.Sighting(line: lines[0], look: LineFingerprint(lines[0], in: other))
        #expect(LineShift.between(page, [sighting]) == nil)
        #expect(LineShift.between([], page) == nil)
    }

    @Test func oneLineOfManyIsNoMoveButALoneLineIs() throws {
        let page = try pageSightings()
        // One line of the page seen again far off, the rest replaced by another page's: one
        // pair is no consensus.
        let lone = moved([page[1]], dx: 200, dy: 40)
        #expect(LineShift.between(page, lone).map { abs($0.dx - 200) < 0.01 } == true)
        #expect(LineShift.between([page[1]], lone).map { abs($0.dy - 40) < 0.01 } == true)
        let other = try rendered("Sense and Sensibility, by Jane Austen")
        let otherLine = try NeuralTextEngine(options: .init(recognize: false)).detectLines(in: other)[0]
        let mixed = lone + [LineShift.Sighting(line: otherLine, look: LineFingerprint(otherLine, in: other))]
        #expect(LineShift.between(page, mixed) == nil)
    }

    @Test func twoMovesEquallyBackedAreNoMove() throws {
        let page = try pageSightings()
        try #require(page.count >= 4)
        // Half the lines moved one way, half the other: no telling which is the scene's.
        let later = moved(Array(page[0..<2]), dx: 100, dy: 0) + moved(Array(page[2..<4]), dx: -100, dy: 0)
        #expect(LineShift.between(Array(page[0..<4]), later) == nil)
    }
}
