import ScryCore
import ScryGuidance
import Testing

/// `BarcodeSighting.find`'s Micro QR codes (`MicroQRSighting`) on frames zint and ImageMagick
/// made: a small Micro QR code is seen by its one finder and its timing patterns, however it
/// is turned, with its modules and size measured; a QR code's finders are not taken for Micro
/// QR codes, and frames without a code hold none.
struct MicroQRSightingTests {
    @Test(arguments: [
        ("20261202", 1.3, 0.0, 0.0, 13), ("20261202", 1.6, 6.0, 0.3, 13), ("20261202", 1.9, 95.0, 0.0, 13),
        ("SCRY 2026", 1.5, -170.0, 0.0, 15),
    ]) func aMicroQRCodeIsSeenWithItsModulesMeasured(
        data: String, modulePixels: Double, degrees: Double, blur: Double, across: Int
    ) throws {
        let image = try CodeFrames.frame(symbology: 97, data: data, modulePixels: modulePixels, degrees: degrees, blur: blur)
        try CodeFrames.expectOneCode(.microQRCode, in: image, across: across, modulePixels: modulePixels)
    }

    @Test func aQRCodesFindersAreNotMicroQRCodes() throws {
        let image = try CodeFrames.frame(symbology: 58, data: "https://example.org/20261202", modulePixels: 1.6, degrees: 4)
        let codes = BarcodeSighting.find(in: image)
        #expect(codes.filter { $0.kind == .qrCode }.count == 1, "\(codes)")
        #expect(!codes.contains { $0.kind == .microQRCode }, "\(codes)")
    }

    @Test func framesWithoutACodeHoldNone() throws {
        for (index, image) in try CodeFrames.withoutCodes().enumerated() {
            let codes = BarcodeSighting.find(in: image).filter { $0.kind == .microQRCode }
            #expect(codes.isEmpty, "frame \(index): \(codes)")
        }
    }
}
