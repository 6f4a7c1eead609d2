import ScryCore
import ScryImageIO
import ScrySharpness
import ScryTestSupport
import SystemPackage
import Testing

/// `EdgeSpread` on a camera photo, a scanned receipt and a page drawn by ImageMagick, each as
/// found, blurred and shaken sideways by ImageMagick: the measure tells blur from focus
/// whatever the amount of print, and finds a sideways shake in one direction only.
struct EdgeSpreadTests {
    static let images: [String] = [
        RepositoryPaths.facePhotos.appendingPathComponent("2008_002470.jpg").path,
        RepositoryPaths.eval.appendingPathComponent("text/sroie/018.jpg").path,
    ]

    private func made(_ arguments: [String]) throws -> GrayImage {
        let output = try makeTemporaryDirectory().appendingPathComponent("made.png").path
        try runTool("convert", arguments + ["-colorspace", "Gray", output])
        return try ImageFile.readGray(path: FilePath(output))
    }

    /// A white frame with one short line of print: little print, sharp.
    private func sparsePage() throws -> String {
        let path = try makeTemporaryDirectory().appendingPathComponent("sparse.png").path
        try runTool("convert", [
            "-size", "1280x720", "xc:white", "-fill", "black", "-font", "DejaVu-Sans", "-pointsize", "24",
            "-annotate", "+60+100", "Only a few words on a white frame.", path,
        ])
        return path
    }

    @Test func sharpEdgesMeasureAboveTheBlurredOnes() throws {
        for path in Self.images + [try sparsePage()] {
            let sharp = try #require(EdgeSpread.measure(try made([path])).ratio, "\(path): no edges")
            let blurred = try #require(EdgeSpread.measure(try made([path, "-blur", "0x2"])).ratio)
            let moreBlurred = try #require(EdgeSpread.measure(try made([path, "-blur", "0x3"])).ratio)
            #expect(sharp >= 0.35, "\(path): \(sharp)")
            #expect(blurred < 0.27 && moreBlurred <= blurred, "\(path): \(sharp) \(blurred) \(moreBlurred)")
        }
    }

    @Test func aSidewaysShakeSpreadsTheEdgesAcrossXOnly() throws {
        let shaken = EdgeSpread.measure(try made([try sparsePage(), "-motion-blur", "0x10+0"]))
        let acrossX = try #require(shaken.acrossX), acrossY = try #require(shaken.acrossY)
        #expect(acrossX < 0.27 && acrossY >= 0.35, "\(shaken)")
        #expect(shaken.ratio == acrossX)
    }

    @Test func aBlankFrameHasNoMeasure() {
        #expect(EdgeSpread.measure(GrayImage(width: 1280, height: 720, filledWith: 128)).ratio == nil)
        #expect(EdgeSpread.measure(GrayImage(width: 4, height: 4, filledWith: 0)).ratio == nil)
    }
}
