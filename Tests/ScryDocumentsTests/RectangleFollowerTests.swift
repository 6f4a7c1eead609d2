import ScryCore
import ScryMotion
import Testing

@testable import ScryDocuments

/// A page moved by hand across the desk (ImageMagick's scenes), its right edge covered by a
/// hand in two frames: detection alone loses it there; followed corner by corner, it keeps its
/// quad, where the page is.
struct RectangleFollowerTests {
    /// The tilted page moved by (9, 4) px a frame.
    static func placed(_ frame: Int) -> Scenes.Corners {
        Scenes.tiltedPage.map { ($0.0 + 9 * Double(frame), $0.1 + 4 * Double(frame)) }
    }

    @Test func aPageKeepsItsQuadWhileAHandCoversItsEdge() throws {
        let covered: Set<Int> = [2, 3]
        let frames = try (0..<6).map { frame in
            // A hand over the middle of the page's right edge.
            let hand = covered.contains(frame) ? "ellipse \(880 + 9 * frame),\(560 + 4 * frame) 110,190 0,360" : nil
            return try Scenes.desk(with: [Self.placed(frame)], covering: hand)
        }
        let detector = RectangleDetector(options: RectangleDetectorOptions())
        // Detection alone finds the page except where the hand covers its edge.
        for (index, frame) in frames.enumerated() {
            let found = try detector.rectangles(in: frame)
            let right = found.contains { Scenes.cornerError($0.corners, Self.placed(index)) < 3 }
            #expect(right != covered.contains(index), "frame \(index): \(found.map { Scenes.cornerError($0.corners, Self.placed(index)) })")
        }
        let follower = RectangleFollower(detector)
        for (index, frame) in frames.enumerated() {
            let found = try follower.rectangles(in: frame)
            #expect(found.count == 1, "frame \(index): \(found.count) rectangles")
            if let quad = found.first {
                let error = Scenes.cornerError(quad.corners, Self.placed(index))
                // Once the hand has covered the edge, the corners are where the flow inside the page
                // puts them until a detection agrees again (frame 6): within a few pixels.
                #expect(error < (index < 2 ? 3 : 5), "frame \(index): corners \(error) px from the page's")
            }
        }
    }

    @Test func aPageTakenAwayIsDropped() throws {
        let page = try Scenes.desk(with: [Scenes.tiltedPage])
        let empty = try Scenes.desk(drawing: nil)
        let follower = RectangleFollower(RectangleDetector(options: RectangleDetectorOptions()))
        #expect(try follower.rectangles(in: page).count == 1)
        #expect(try follower.rectangles(in: empty).isEmpty)
        #expect(try follower.rectangles(in: empty).isEmpty)
    }
}
