import ScryCore
import ScryGuidance
import Testing

/// `BarcodeSighting.find`'s Data Matrix codes (`DataMatrixSighting`) on frames zint and
/// ImageMagick made: a small Data Matrix code is seen by its L and its timing pattern,
/// however it is turned, with its modules and size measured; frames without a code (a
/// checkerboard, a grid of dots, square glyphs, photos) hold none.
struct DataMatrixSightingTests {
    @Test(arguments: [
        ("SCRY20261203", 1.3, 0.0, 0.0, 14), ("SCRY20261203", 1.5, 6.0, 0.3, 14), ("SCRY20261203", 1.7, 93.0, 0.0, 14),
        ("SCRY20261203", 1.4, -172.0, 0.5, 14), ("A", 1.6, -4.0, 0.0, 10), ("SCRY DATA MATRIX 2026-12-03 #42", 1.35, 3.0, 0.0, 22),
    ]) func aDataMatrixCodeIsSeenWithItsModulesMeasured(
        data: String, modulePixels: Double, degrees: Double, blur: Double, across: Int
    ) throws {
        let image = try CodeFrames.frame(symbology: 71, data: data, modulePixels: modulePixels, degrees: degrees, blur: blur)
        try CodeFrames.expectOneCode(.dataMatrix, in: image, across: across, modulePixels: modulePixels)
    }

    @Test func aSmallUnreadDataMatrixCodeCountsAndALargeOneDoesNot() throws {
        let small = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 71, data: "SCRY-DM-42", modulePixels: 1.5, degrees: 3))
        #expect(GuidanceDetector.unreadSmallCodes(small, read: []).map(\.kind) == [.dataMatrix], "\(small)")
        // Read where it is, it does not count.
        let read = small.filter { $0.kind == .dataMatrix }.map(\.corners)
        #expect(GuidanceDetector.unreadSmallCodes(small, read: read).isEmpty, "\(small)")
        // At 2.2 px a module it is seen, and not small; at 4 px it is not looked for.
        let wider = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 71, data: "SCRY-DM-42", modulePixels: 2.2, degrees: 3))
        #expect(wider.contains { $0.kind == .dataMatrix } && GuidanceDetector.unreadSmallCodes(wider, read: []).isEmpty, "\(wider)")
        let large = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 71, data: "SCRY-DM-42", modulePixels: 4, degrees: 3))
        #expect(!large.contains { $0.kind == .dataMatrix } && GuidanceDetector.unreadSmallCodes(large, read: []).isEmpty, "\(large)")
    }

    @Test func aRectangularDataMatrixCodeIsSeen() throws {
        // zint's version 25: 8 rows of 18 modules.
        let image = try CodeFrames.frame(
            symbology: 71, data: "SCRY12", modulePixels: 1.5, degrees: 2, extra: ["--vers=25"])
        let codes = BarcodeSighting.find(in: image).filter { $0.kind == .dataMatrix }
        #expect(codes.count == 1, "\(codes)")
        #expect(codes.first?.elements == 18, "\(codes)")
    }

    @Test func otherCodesAreNotDataMatrixCodes() throws {
        for (symbology, data) in [(58, "https://example.org/20261203"), (92, "SCRY 2026"), (97, "20261203")] {
            let image = try CodeFrames.frame(symbology: symbology, data: data, modulePixels: 1.5, degrees: 3)
            let codes = BarcodeSighting.find(in: image).filter { $0.kind == .dataMatrix }
            #expect(codes.isEmpty, "zint \(symbology): \(codes)")
        }
    }

    @Test func framesWithoutACodeHoldNone() throws {
        for (index, image) in try CodeFrames.withoutCodes().enumerated() {
            let codes = BarcodeSighting.find(in: image).filter { $0.kind == .dataMatrix }
            #expect(codes.isEmpty, "frame \(index): \(codes)")
        }
    }
}
