import Foundation
import ScryCore
import ScryGuidance
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// `GuidanceDetector` on one frame: a small QR code nobody read gives `move_closer` and is
/// drawn, in pictures and the live view, where it was seen; one the barcode lane read is not.
struct GuidanceDetectorTests {
    /// A 1280x720 gray desk with zint's QR code at 1.3 px a module on a white card at
    /// (600, 300).
    private func smallCodeFrame() throws -> GrayImage {
        let directory = try makeTemporaryDirectory()
        let code = directory.appendingPathComponent("code.png").path
        let output = directory.appendingPathComponent("frame.png").path
        try runTool("zint", ["-b", "58", "-d", "https://example.org/guidance", "--scale", "0.5", "-o", code])
        try runTool("convert", [
            "-size", "1280x720", "xc:gray45", "(", code, "-type", "Grayscale", "-filter", "triangle", "-resize", "130%",
            "-bordercolor", "white", "-border", "12", ")", "-geometry", "+600+300", "-composite",
            "-colorspace", "Gray", "-depth", "8", output,
        ])
        return try ImageFile.readGray(path: FilePath(output))
    }

    private func input(_ image: GrayImage, annotated: Bool) -> DetectorInput {
        DetectorInput(
            frame: Frame(
                sequence: 0, timestampNanoseconds: 0, pixelFormat: .grey, width: image.width, height: image.height,
                bytesPerLine: image.width, payload: image.pixels),
            upright: image, origin: .imageFile("frame.png"), wantsAnnotations: annotated)
    }

    @Test func aSmallCodeNobodyReadIsHintedAndDrawnWhereItIs() throws {
        let image = try smallCodeFrame()
        let detector = GuidanceDetector(areas: BarcodeAreas(), stream: false)
        let output = detector.detect(input(image, annotated: true))
        let hints = output.events.compactMap { ($0 as? HintLine)?.hint }
        #expect(hints == [.moveCloser], "\(output.events)")
        #expect(output.annotations.count == 1, "\(output.annotations)")
        let mark = try #require(output.annotations.first)
        #expect(mark.label == GuidanceDetector.unreadCodeLabel && mark.lane == .guidance)
        // The card's code spans about 600+12 to 600+12+33 px each way.
        let xs = mark.outline.map(\.x), ys = mark.outline.map(\.y)
        #expect(xs.min()! > 605 && xs.max()! < 652 && ys.min()! > 305 && ys.max()! < 352, "\(mark.outline)")
        // Without pictures or a view nothing is drawn; the hint is the same.
        let plain = GuidanceDetector(areas: BarcodeAreas(), stream: false).detect(input(image, annotated: false))
        #expect(plain.annotations.isEmpty)
        #expect(plain.events.compactMap { ($0 as? HintLine)?.hint } == [.moveCloser])
    }

    @Test func withoutABarcodeLaneNoCodeIsLookedFor() throws {
        let output = GuidanceDetector(areas: nil, stream: false).detect(input(try smallCodeFrame(), annotated: true))
        #expect(output.annotations.isEmpty)
        #expect(!output.events.contains { ($0 as? HintLine)?.hint == .moveCloser })
    }
}
