import ScryCore
import ScryGuidance
import Testing

/// `BarcodeSighting.find`'s Aztec codes (`AztecSighting`, `AztecBullseye`) on frames zint and
/// ImageMagick made: small Aztec codes, compact and full-range, are seen by their bullseye
/// with their modules measured, and frames without a code hold none.
struct AztecSightingTests {
    @Test(arguments: [
        ("SCRY-AZTEC", 1.3, 0.0, 0.0), ("SCRY-AZTEC", 1.6, 6.0, 0.3), ("SCRY-AZTEC", 1.9, -30.0, 0.0),
        ("SCRY 2026-12-02: a longer Aztec payload, full range, enough text for more layers than a compact one holds", 1.5, 4.0, 0.0),
    ]) func anAztecCodeIsSeenWithItsModulesMeasured(data: String, modulePixels: Double, degrees: Double, blur: Double) throws {
        let image = try CodeFrames.frame(symbology: 92, data: data, modulePixels: modulePixels, degrees: degrees, blur: blur)
        let codes = BarcodeSighting.find(in: image).filter { $0.kind == .aztec }
        #expect(codes.count == 1, "\(codes)")
        let code = try #require(codes.first)
        let module = try #require(code.moduleSize)
        #expect(abs(module - modulePixels) <= 0.15 * modulePixels, "measured \(module) for \(modulePixels): \(code)")
        let middle = CodeFrames.center(of: code.corners)
        #expect(abs(middle.x - CodeFrames.middle.x) < 8 && abs(middle.y - CodeFrames.middle.y) < 8, "\(code.corners)")
    }

    @Test func aSmallUnreadAztecCodeCountsAndALargeOneDoesNot() throws {
        let small = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 92, data: "SCRY-AZTEC", modulePixels: 1.4, degrees: 3))
        #expect(GuidanceDetector.unreadSmallCodes(small, read: []).map(\.kind) == [.aztec], "\(small)")
        // At 2.2 px a module it is seen, and not small; at 4 px it is not looked for.
        let wider = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 92, data: "SCRY-AZTEC", modulePixels: 2.2, degrees: 3))
        #expect(wider.contains { $0.kind == .aztec } && GuidanceDetector.unreadSmallCodes(wider, read: []).isEmpty, "\(wider)")
        let large = BarcodeSighting.find(in: try CodeFrames.frame(symbology: 92, data: "SCRY-AZTEC", modulePixels: 4, degrees: 3))
        #expect(!large.contains { $0.kind == .aztec } && GuidanceDetector.unreadSmallCodes(large, read: []).isEmpty, "\(large)")
    }

    /// A checkerboard and a grid of dots alternate along rows, columns and diagonals as a
    /// bullseye does; the second ring's test tells them apart.
    @Test func framesWithoutACodeHoldNone() throws {
        for (index, image) in try CodeFrames.withoutCodes().enumerated() {
            let codes = BarcodeSighting.find(in: image).filter { $0.kind == .aztec }
            #expect(codes.isEmpty, "frame \(index): \(codes)")
        }
    }
}
