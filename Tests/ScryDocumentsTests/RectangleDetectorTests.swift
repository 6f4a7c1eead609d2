import ScryCore
import Testing

@testable import ScryDocuments

struct RectangleDetectorTests {
    @Test func aPageInPerspectiveIsFoundAtItsCorners() throws {
        let image = try Scenes.desk(with: [Scenes.tiltedPage])
        let found = try RectangleDetector().rectangles(in: image)
        let page = try #require(found.first)
        #expect(found.count == 1)
        // Top-left first, clockwise, each corner within 2 px of where it was drawn.
        #expect(Scenes.cornerError(page.corners, Scenes.tiltedPage) < 2, "\(page.corners)")
        #expect(page.confidence > 0.9)
    }

    @Test func visionsOptionsDecideWhatCounts() throws {
        let image = try Scenes.desk(with: [Scenes.tiltedPage])
        func count(_ change: (inout RectangleDetectorOptions) -> Void) throws -> Int {
            var options = RectangleDetectorOptions()
            change(&options)
            return try RectangleDetector(options: options).rectangles(in: image).count
        }
        // The page's short side over its long side is about 0.87, its short side about 475
        // px (0.66 of the frame's height), and its corners are up to about 8 degrees off square.
        #expect(try count { $0.minimumAspectRatio = 0.8 } == 1)
        #expect(try count { $0.minimumAspectRatio = 0.95 } == 0)
        #expect(try count { $0.maximumAspectRatio = 0.8 } == 0)
        #expect(try count { $0.minimumSize = 0.6 } == 1)
        #expect(try count { $0.minimumSize = 0.7 } == 0)
        #expect(try count { $0.quadratureTolerance = 12 } == 1)
        #expect(try count { $0.quadratureTolerance = 2 } == 0)
    }

    @Test func aDeskWithoutAPageGivesNoRectangle() throws {
        #expect(try RectangleDetector().rectangles(in: Scenes.desk(drawing: nil)).isEmpty)
        #expect(try RectangleDetector().rectangles(in: GrayImage(width: 1280, height: 720, filledWith: 255)).isEmpty)
        #expect(try RectangleDetector().rectangles(in: GrayImage(width: 3, height: 2, filledWith: 0)).isEmpty)
    }

    @Test func aTriangleIsNoRectangle() throws {
        let triangle = try Scenes.desk(drawing: "polygon 300,600 640,100 980,600")
        var options = RectangleDetectorOptions()
        options.maximumObservations = 0
        options.minimumAspectRatio = 0
        options.quadratureTolerance = 45
        #expect(try RectangleDetector(options: options).rectangles(in: triangle).isEmpty)
    }

    @Test func aPageTheFrameCutsByALotIsNoRectangle() throws {
        // A page running off the left edge by a quarter of its width: its outline there is the
        // frame's edge, which is no side of it, and what shows is no page's shape.
        let image = try Scenes.desk(with: [[(-150, 100), (500, 120), (520, 650), (-170, 640)]])
        var options = RectangleDetectorOptions()
        options.maximumObservations = 0
        options.minimumAspectRatio = 0
        let found = try RectangleDetector(options: options).rectangles(in: image)
        #expect(found.isEmpty, "\(found.map(\.corners))")
        for rectangle in found {
            for corner in rectangle.corners {
                #expect((-0.5...1279.5).contains(corner.x) && (-0.5...719.5).contains(corner.y), "\(rectangle.corners)")
            }
        }
    }

    /// A page the frame cuts by a few pixels is found, its corners beyond the frame
    /// extrapolated from its sides in view, and reported as cut: a corner 12 px above the
    /// frame; both top corners above it (the top side hidden); a page taller than the frame
    /// by 10 px at each end. With `includesCut` off (Vision's way), none is reported as cut.
    @Test func aPageTheFrameCutsByAFewPixelsIsFoundAndSaidToBeCut() throws {
        let cases: [(corners: Scenes.Corners, cut: Set<ImageSide>, checked: [Int])] = [
            ([(420, -12), (860, 10), (890, 650), (380, 640)], [.top], [0, 1, 2, 3]),
            ([(430, -9), (850, -4), (890, 690), (390, 680)], [.top], [2, 3]),
            ([(440, -10), (860, -10), (880, 730), (420, 730)], [.top, .bottom], []),
        ]
        for (corners, cut, checked) in cases {
            let image = try Scenes.desk(with: [corners])
            let found = try RectangleDetector(options: PageFlattener.pageOptions).rectangles(in: image)
            let page = try #require(found.max { $0.area < $1.area }, "\(corners)")
            #expect(page.cut == cut, "\(corners): \(page.cut) \(page.corners)")
            // The corners that can be told (two sides of each in view), extrapolated or not.
            for index in checked {
                let error = Scenes.cornerError([page.corners[index]], [corners[index]])
                #expect(error < 4, "\(corners) corner \(index): \(page.corners[index])")
            }
            // Whatever is hidden, the page's area is nearly all there.
            let placed = RectangleObservation(corners: corners.map { PixelPoint(x: $0.0, y: $0.1) }, confidence: 1)
            #expect(abs(page.area - placed.area) / placed.area < 0.04, "\(page.area) against \(placed.area)")
            var vision = PageFlattener.pageOptions
            vision.includesCut = false
            #expect(try RectangleDetector(options: vision).rectangles(in: image).allSatisfy { $0.cut.isEmpty })
        }
    }

    @Test func theMostRectanglesReportedIsAnOption() throws {
        let left: Scenes.Corners = [(60, 120), (480, 100), (500, 660), (80, 650)]
        let right: Scenes.Corners = [(700, 90), (1190, 130), (1170, 640), (720, 660)]
        let image = try Scenes.desk(with: [left, right])
        var options = RectangleDetectorOptions()
        #expect(try RectangleDetector(options: options).rectangles(in: image).count == 1)
        options.maximumObservations = 0
        let all = try RectangleDetector(options: options).rectangles(in: image)
        #expect(all.count == 2)
        let errors = all.map { found in min(Scenes.cornerError(found.corners, left), Scenes.cornerError(found.corners, right)) }
        #expect(errors.allSatisfy { $0 < 2 }, "\(errors)")
    }
}
