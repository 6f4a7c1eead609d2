import ScryCore
import ScryImageIO
import ScrySharpness
import ScryTestSupport
import SystemPackage
import Testing

/// `BlurEffect` on a camera photo, a scanned receipt and the demo's book page, as found,
/// blurred, and moved sideways by ImageMagick: detail lost measures higher, and along the
/// way the camera moved only.
struct BlurEffectTests {
    private func made(_ arguments: [String]) throws -> GrayImage {
        let output = try makeTemporaryDirectory().appendingPathComponent("made.png").path
        try runTool("convert", arguments + ["-colorspace", "Gray", output])
        return try ImageFile.readGray(path: FilePath(output))
    }

    @Test func blurLosesLessDetailToTheAverage() throws {
        for path in EdgeSpreadTests.images {
            let found = BlurEffect.measure(try made([path]))
            let sharp = try #require(found.measure)
            let blurred = try #require(BlurEffect.measure(try made([path, "-blur", "0x3"])).measure)
            #expect(sharp < 0.45 && blurred >= 0.5 && blurred > sharp, "\(path): \(sharp) \(blurred)")
            let moved = BlurEffect.measure(try made([path, "-motion-blur", "0x14+0"]))
            let alongX = try #require(moved.alongX), alongY = try #require(moved.alongY), stillX = try #require(found.alongX)
            #expect(alongX >= stillX + 0.1 && alongX >= alongY + 0.1, "\(path): \(moved) \(found)")
        }
    }

    @Test func aFlatFrameHasNoMeasure() {
        #expect(BlurEffect.measure(GrayImage(width: 1280, height: 720, filledWith: 200)).measure == nil)
        #expect(BlurEffect.measure(GrayImage(width: 5, height: 5, filledWith: 0)).measure == nil)
    }
}
