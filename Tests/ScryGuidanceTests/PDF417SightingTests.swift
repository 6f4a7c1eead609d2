import ScryCore
import ScryGuidance
import Testing

/// `BarcodeSighting.find`'s PDF417 codes (`PDF417Sighting`, `PDF417Guard`) on frames zint and
/// ImageMagick made: small PDF417 codes are seen by their start and stop patterns, either
/// way up, with their modules measured, and frames without a code, or with a linear code,
/// hold none.
struct PDF417SightingTests {
    @Test(arguments: [
        (1.2, 0.0, 0.0), (1.5, 4.0, 0.3), (1.8, -6.0, 0.0), (1.5, 180.0, 0.0), (1.4, 176.0, 0.0),
    ]) func aPDF417CodeIsSeenWithItsModulesMeasured(modulePixels: Double, degrees: Double, blur: Double) throws {
        let image = try CodeFrames.frame(
            symbology: 55, data: "SCRY PDF417 2026-12-02", modulePixels: modulePixels, degrees: degrees, blur: blur)
        let codes = BarcodeSighting.find(in: image).filter { $0.kind == .pdf417 }
        #expect(codes.count == 1, "\(codes)")
        let code = try #require(codes.first)
        let module = try #require(code.moduleSize)
        #expect(abs(module - modulePixels) <= 0.15 * modulePixels, "measured \(module) for \(modulePixels): \(code)")
        // zint's code is 120 modules across here (its start and stop patterns included).
        #expect(abs(code.elements - 120) <= 6, "\(code)")
        let middle = CodeFrames.center(of: code.corners)
        #expect(abs(middle.x - CodeFrames.middle.x) < 10 && abs(middle.y - CodeFrames.middle.y) < 10, "\(code.corners)")
    }

    @Test func aSmallUnreadPDF417CodeCountsAndALargeOneDoesNot() throws {
        let small = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 55, data: "SCRY PDF417", modulePixels: 1.4, degrees: 2))
        #expect(GuidanceDetector.unreadSmallCodes(small, read: []).contains { $0.kind == .pdf417 }, "\(small)")
        // At 2.2 px a module it is seen, and not small; at 4 px it is not looked for.
        let wider = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 55, data: "SCRY PDF417", modulePixels: 2.2, degrees: 2))
        #expect(wider.contains { $0.kind == .pdf417 }, "\(wider)")
        #expect(!GuidanceDetector.unreadSmallCodes(wider, read: []).contains { $0.kind == .pdf417 }, "\(wider)")
        let large = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 55, data: "SCRY PDF417", modulePixels: 4, degrees: 2))
        #expect(!large.contains { $0.kind == .pdf417 }, "\(large)")
    }

    /// Code 128's and ITF's widest bars are 4 and 3 modules: neither shows a guard pattern.
    @Test func framesWithoutACodeOrWithALinearOneHoldNone() throws {
        let linear = try [(20, "SCRY-20261202"), (3, "20261202")].map {
            try CodeFrames.frame(symbology: $0.0, data: $0.1, modulePixels: 1.5, extra: ["--height", "30"])
        }
        for (index, image) in try (CodeFrames.withoutCodes() + linear).enumerated() {
            let codes = BarcodeSighting.find(in: image).filter { $0.kind == .pdf417 }
            #expect(codes.isEmpty, "frame \(index): \(codes)")
        }
    }
}
