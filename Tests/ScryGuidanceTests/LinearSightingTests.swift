import Foundation
import ScryCore
@testable import ScryGuidance
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// `LinearSighting`: linear codes of modules of about a pixel, which OpenCV's detector does
/// not see, on frames zint and ImageMagick made, are seen once, where they are, with their
/// modules measured, and `BarcodeSighting.find` gives each once; print in several faces and
/// sizes, and the frames without a code, hold none.
struct LinearSightingTests {
    /// The codes `LinearSighting` sees in `image`, from the runs of the pass along its rows.
    private func fineCodes(in image: GrayImage) -> [BarcodeSighting] {
        LinearSighting.find(regions: CodeMarks.find(in: image).darkRegions)
    }

    @Test(arguments: [
        (3, "2026120342", 1.0, 2.0, 0.0), (3, "2026120342", 1.15, -6.0, 0.4), (89, "2026120300042", 1.1, 4.0, 0.0),
        (20, "SCRY-20261203", 1.0, -3.0, 0.0), (13, "590123412345", 1.1, 7.0, 0.3), (8, "SC20261203", 1.2, 0.0, 0.0),
    ]) func aCodeOfAboutAPixelAModuleIsSeenWithItsModulesMeasured(
        symbology: Int, data: String, modulePixels: Double, degrees: Double, blur: Double
    ) throws {
        let image = try CodeFrames.frame(
            symbology: symbology, data: data, modulePixels: modulePixels, degrees: degrees, blur: blur, extra: ["--height", "30"])
        let codes = fineCodes(in: image)
        #expect(codes.count == 1, "\(codes)")
        let code = try #require(codes.first)
        let module = try #require(code.moduleSize, "\(code)")
        // A linear code's module is measured within about a fifth whatever its symbology
        // (`BarcodeSighting.modulesPerElement`), a little more where blur merges a narrow
        // element into its neighbours.
        #expect(abs(module - modulePixels) <= 0.3 * modulePixels, "measured \(module) for \(modulePixels): \(code)")
        let middle = CodeFrames.center(of: code.corners)
        #expect(abs(middle.x - CodeFrames.middle.x) < 8 && abs(middle.y - CodeFrames.middle.y) < 8, "\(code.corners)")
        // Seen by OpenCV's detector as well or not, the code is one sighting, and small.
        let all = BarcodeSighting.find(in: image)
        #expect(GuidanceDetector.unreadSmallCodes(all, read: []).count == 1, "\(all)")
    }

    @Test func printHoldsNoCode() throws {
        let directory = try makeTemporaryDirectory()
        let lines = (0..<40).map { _ in "minimum illumination ||| lllll mmmm nnnn iiii 1111 IIII HHHH millimetre WWW 0123456789" }
        for font in ["DejaVu-Sans", "DejaVu-Serif", "DejaVu-Sans-Mono", "DejaVu-Sans-Bold", "Liberation-Sans-Narrow"] {
            for size in [9, 11, 14, 18] {
                let page = directory.appendingPathComponent("\(font)-\(size).png").path
                try runTool("convert", [
                    "-size", "1280x720", "xc:gray92", "-fill", "black", "-font", font, "-pointsize", "\(size)",
                    "-annotate", "+30+40", lines.joined(separator: "\n"), "-colorspace", "Gray", page,
                ])
                let codes = fineCodes(in: try ImageFile.readGray(path: FilePath(page)))
                #expect(codes.isEmpty, "\(font) \(size): \(codes)")
            }
        }
    }

    @Test func framesWithoutACodeHoldNone() throws {
        for (index, image) in try CodeFrames.withoutCodes().enumerated() {
            let codes = fineCodes(in: image)
            #expect(codes.isEmpty, "frame \(index): \(codes)")
        }
    }
}
