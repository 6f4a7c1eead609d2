import ScryCore
import Testing

@testable import ScryFaces

@Suite struct FaceScanPlanTests {
    @Test func aWebcamFrameIsEightTilesAndTheWholeFrame() {
        let plan = FaceScanPlan(for: ImageSize(width: 1280, height: 720), minimumFaceWidth: 0.03 * 1280)
        #expect(plan.levels.count == 2)
        let fine = plan.levels[0]
        // The smallest wanted face becomes 18 pixels wide.
        #expect(abs(fine.scale * 38.4 - 18) < 1e-9)
        #expect(fine.size == ImageSize(width: 600, height: 338))
        #expect(fine.tiles.map(\.x).uniqued() == [0, 136, 272, 408])
        #expect(fine.tiles.map(\.y).uniqued() == [0, 146])
        // The whole frame fits the last level's one tile.
        #expect(plan.levels[1].size == ImageSize(width: 192, height: 108))
        #expect(plan.levels[1].tiles.count == 1)
        #expect(plan.tileCount == 9)
    }

    @Test func tilesCoverTheLevelAndOverlapByAFace() {
        for length in [193, 300, 600, 1000] {
            let starts = FaceScanPlan.starts(length)
            #expect(starts.first == 0)
            #expect(starts.last! + 192 == length)
            for (a, b) in zip(starts, starts.dropFirst()) { #expect(b - a <= FaceScanPlan.tileStride) }
        }
        #expect(FaceScanPlan.starts(192) == [0])
        #expect(FaceScanPlan.starts(50) == [0])
    }

    @Test func aSmallImageIsOneTile() {
        let plan = FaceScanPlan(for: ImageSize(width: 160, height: 120), minimumFaceWidth: 40)
        #expect(plan.levels.count == 1)
        #expect(plan.levels[0].scale == 1)
        #expect(plan.levels[0].tiles.count == 1)
    }

    @Test func largerFacesNeedFewerTiles() {
        let size = ImageSize(width: 1280, height: 720)
        let small = FaceScanPlan(for: size, minimumFaceWidth: 40).tileCount
        let large = FaceScanPlan(for: size, minimumFaceWidth: 128).tileCount
        #expect(large < small)
    }
}

extension Array where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
