import Foundation
import ScryCore
import Testing

@testable import ScryNeuralText

@Suite struct RotatedRectangleTests {
    func close(_ a: PixelPoint, _ b: PixelPoint, within tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func anUprightBoxIsItsOwnSmallestRectangle() throws {
        let points = [PixelPoint(x: 10, y: 20), PixelPoint(x: 110, y: 20), PixelPoint(x: 110, y: 50), PixelPoint(x: 10, y: 50), PixelPoint(x: 60, y: 35)]
        let rectangle = try #require(RotatedRectangle(enclosing: points))
        #expect(abs(rectangle.length - 100) < 1e-9 && abs(rectangle.thickness - 30) < 1e-9)
        let expected = [PixelPoint(x: 10, y: 20), PixelPoint(x: 110, y: 20), PixelPoint(x: 110, y: 50), PixelPoint(x: 10, y: 50)]
        for (corner, truth) in zip(rectangle.corners, expected) { #expect(close(corner, truth)) }
    }

    @Test func aTurnedLineKeepsItsReadingDirection() throws {
        // A 200 x 20 line turned 10 degrees clockwise on screen (y down), centre (300, 200).
        let angle = 10.0 * Double.pi / 180
        let direction = PixelPoint(x: cos(angle), y: sin(angle))
        let truth = RotatedRectangle(centre: PixelPoint(x: 300, y: 200), length: 200, thickness: 20, direction: direction)
        let found = try #require(RotatedRectangle(enclosing: truth.corners + [truth.centre]))
        #expect(abs(found.length - 200) < 1e-6 && abs(found.thickness - 20) < 1e-6)
        for (corner, expected) in zip(found.corners, truth.corners) { #expect(close(corner, expected, within: 1e-6)) }
        // The first corner is the text's top-left: left of and above the centre.
        #expect(found.corners[0].x < 300 && found.corners[0].y < 200)
    }

    @Test func growingAndCuttingKeepTheCentreLine() {
        let line = RotatedRectangle(centre: PixelPoint(x: 50, y: 10), length: 80, thickness: 10, direction: PixelPoint(x: 1, y: 0))
        let grown = line.grown(by: 5)
        #expect(grown.length == 90 && grown.thickness == 20 && grown.centre == line.centre)
        let firstQuarter = line.section(from: 0, to: 0.25)
        #expect(close(firstQuarter.corners[0], PixelPoint(x: 10, y: 5)))
        #expect(close(firstQuarter.corners[2], PixelPoint(x: 30, y: 15)))
        #expect(line.contains(PixelPoint(x: 89.9, y: 14.9)) && !line.contains(PixelPoint(x: 91, y: 10)))
    }

    @Test func degenerateInputs() {
        #expect(RotatedRectangle(enclosing: []) == nil)
        let point = RotatedRectangle(enclosing: [PixelPoint(x: 3, y: 4), PixelPoint(x: 3, y: 4)])
        #expect(point?.area == 0)
    }
}
