import ScryCore
import Testing

@testable import ScryNeuralText

@Suite struct SceneProfilesTests {
    /// A 1000x560 window of the demo dump's camera frame of a book page, its top-left corner at
    /// (x, y): a window further left shows the scene moved right.
    func window(_ page: GrayImage, x: Int, y: Int) throws -> GrayImage {
        try #require(page.cropped(to: PixelRect(x: Double(x), y: Double(y), width: 1000, height: 560)))
    }

    @Test func aSceneMovedAnyWayIsMeasuredToThePixel() throws {
        let page = try demoPage()
        let before = SceneProfiles(try window(page, x: 140, y: 80))
        for (dx, dy) in [(0, 0), (12, 0), (-30, 7), (0, -15), (90, 40), (-140, -80)] {
            let after = SceneProfiles(try window(page, x: 140 - dx, y: 80 - dy))
            let move = try #require(after.move(since: before, maximumX: 160, maximumY: 90), "\(dx), \(dy)")
            #expect(move.dx == dx && move.dy == dy, "measured \(move) for \(dx), \(dy)")
        }
    }

    @Test func aMoveBeyondTheReachIsNotMeasured() throws {
        let page = try demoPage()
        let before = SceneProfiles(try window(page, x: 140, y: 80))
        let after = SceneProfiles(try window(page, x: 20, y: 80))
        let move = after.move(since: before, maximumX: 60, maximumY: 60)
        #expect(move == nil || move!.dx != 120)
    }

    @Test func aSceneOfOneShadeHasNoMove() {
        let blank = SceneProfiles(GrayImage(width: 320, height: 180, filledWith: 200))
        #expect(blank.move(since: blank, maximumX: 40, maximumY: 40) == nil)
    }
}
