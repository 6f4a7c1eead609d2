import Foundation
import ScryCore
import ScryGuidance
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// `BarcodeSighting.find`'s QR codes (`QRCodeSighting`, `FinderPattern`) on frames zint and
/// ImageMagick made: small QR codes are seen with their modules and size measured, read or
/// not, and pages, photos and noise hold none.
struct QRCodeSightingTests {
    /// A 1280x720 desk (ImageMagick's noise, or its plasma) with a white card holding zint's
    /// QR code of `data` at `modulePixels` pixels a module, turned `degrees`, softened by a
    /// Gaussian blur of `blur` pixels.
    private func frame(data: String, modulePixels: Double, degrees: Double, blur: Double = 0, plasma: Bool = false) throws -> GrayImage {
        let directory = try makeTemporaryDirectory()
        let code = directory.appendingPathComponent("code.png").path
        let output = directory.appendingPathComponent("frame.png").path
        // zint at scale 0.5 draws one pixel a module.
        try runTool("zint", ["-b", "58", "-d", data, "--scale", "0.5", "-o", code])
        let desk = plasma ? ["-seed", "29", "-size", "1280x720", "plasma:gray40-gray70"]
            : ["-seed", "47", "-size", "1280x720", "xc:gray47", "-attenuate", "0.6", "+noise", "Gaussian"]
        try runTool("convert", desk + [
            "(", code, "-type", "Grayscale", "-filter", "triangle", "-resize", "\(Int(modulePixels * 100))%", "-bordercolor", "white",
            "-border", "16", "-background", "gray47", "-rotate", "\(degrees)", "-blur", "0x\(blur)", ")",
            "-gravity", "center", "-geometry", "-150+40", "-composite", "-colorspace", "Gray", "-depth", "8", output,
        ])
        return try ImageFile.readGray(path: FilePath(output))
    }

    @Test(arguments: [
        ("https://example.org/20261129", 1.3, 0.0, 0.0, false, 25), ("https://example.org/20261129", 1.6, 6.0, 0.3, false, 25),
        ("SCRY 2026-11-29 a longer payload for version three", 1.9, -7.0, 0.4, true, 29),
        ("https://example.org/20261129", 2.6, 3.0, 0.0, true, 25),
        ("SCRY", 1.5, -3.0, 0.0, false, 21),
    ]) func aQRCodeIsSeenWithItsModulesAndSizeMeasured(
        data: String, modulePixels: Double, degrees: Double, blur: Double, plasma: Bool, across: Int
    ) throws {
        let image = try frame(data: data, modulePixels: modulePixels, degrees: degrees, blur: blur, plasma: plasma)
        let codes = BarcodeSighting.find(in: image).filter { $0.kind == .qrCode }
        #expect(codes.count == 1, "\(codes)")
        let code = try #require(codes.first)
        #expect(code.elements == across, "\(code)")
        let module = try #require(code.moduleSize)
        #expect(abs(module - modulePixels) <= 0.1 * modulePixels, "measured \(module) for \(modulePixels): \(code)")
        // Its corners lie around the card's middle (150 px left of the frame's, 40 below).
        let middle = PixelPoint(x: code.corners.map(\.x).reduce(0, +) / 4, y: code.corners.map(\.y).reduce(0, +) / 4)
        #expect(abs(middle.x - 490) < 8 && abs(middle.y - 400) < 8, "\(code.corners)")
        let side = ((code.corners[1].x - code.corners[0].x) * (code.corners[1].x - code.corners[0].x)
            + (code.corners[1].y - code.corners[0].y) * (code.corners[1].y - code.corners[0].y)).squareRoot()
        #expect(abs(side - Double(across) * modulePixels) <= 0.1 * Double(across) * modulePixels, "side \(side)")
    }

    @Test func aSmallUnreadQRCodeCountsAndALargeOneDoesNot() throws {
        let small = BarcodeSighting.find(in: try frame(data: "https://example.org/20261129", modulePixels: 1.4, degrees: 4))
        #expect(GuidanceDetector.unreadSmallCodes(small, read: []).map(\.kind) == [.qrCode], "\(small)")
        let read = try #require(small.first { $0.kind == .qrCode }?.corners)
        #expect(GuidanceDetector.unreadSmallCodes(small, read: [read]).isEmpty)
        let large = BarcodeSighting.find(in: try frame(data: "https://example.org/20261129", modulePixels: 3, degrees: 4))
        #expect(large.contains { $0.kind == .qrCode } && GuidanceDetector.unreadSmallCodes(large, read: []).isEmpty, "\(large)")
    }

    /// Noise, a plasma desk, a page of print and the test photos hold no QR code.
    @Test func framesWithoutACodeHoldNone() throws {
        let directory = try makeTemporaryDirectory()
        let noise = directory.appendingPathComponent("noise.png").path
        try runTool("convert", ["-seed", "50", "-size", "1280x720", "xc:gray50", "-attenuate", "1.2", "+noise", "Gaussian", "-colorspace", "Gray", noise])
        let page = directory.appendingPathComponent("page.png").path
        try runTool("convert", [
            "-size", "1280x720", "xc:gray90", "-fill", "black", "-font", "DejaVu-Sans-Mono", "-pointsize", "14",
            "-annotate", "+40+60", String(repeating: "#@ ■□ 88 [o] OIO ", count: 40).split(separator: " ").chunked(12),
            "-colorspace", "Gray", page,
        ])
        let photos = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.facePhotos.path).sorted()
            .filter { $0.hasSuffix(".jpg") }.prefix(12).map { RepositoryPaths.facePhotos.appendingPathComponent($0).path }
        #expect(photos.count >= 6)
        for path in [noise, page] + photos {
            let codes = BarcodeSighting.find(in: try ImageFile.readGray(path: FilePath(path))).filter { $0.kind == .qrCode }
            #expect(codes.isEmpty, "\(path): \(codes)")
        }
    }
}

extension Array where Element == Substring {
    /// The words in lines of `size` words, for ImageMagick's `-annotate`.
    fileprivate func chunked(_ size: Int) -> String {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)].joined(separator: " ") }
            .joined(separator: "\n")
    }
}
