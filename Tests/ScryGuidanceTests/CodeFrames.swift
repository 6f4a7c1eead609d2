import Foundation
import ScryCore
import ScryGuidance
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// Frames for the sighting tests, made by zint and ImageMagick: a 1280x720 desk of
/// ImageMagick's noise with a white card holding a zint code at a given size, turn and blur.
/// The noise is seeded, so that every run tests the same frames.
enum CodeFrames {
    /// zint's `symbology` code of `data` (`extra` zint options) at `modulePixels` pixels a
    /// module, turned `degrees`, softened by a Gaussian blur of `blur` pixels, its card's
    /// middle 150 px left of the frame's and 40 px below it.
    static func frame(
        symbology: Int, data: String, modulePixels: Double, degrees: Double = 0, blur: Double = 0, extra: [String] = []
    ) throws -> GrayImage {
        let directory = try makeTemporaryDirectory()
        let code = directory.appendingPathComponent("code.png").path
        let output = directory.appendingPathComponent("frame.png").path
        // zint at scale 0.5 draws one pixel a module.
        try runTool("zint", ["-b", "\(symbology)", "-d", data, "--scale", "0.5", "-o", code] + extra)
        try runTool("convert", [
            "-seed", "47", "-size", "1280x720", "xc:gray47", "-attenuate", "0.6", "+noise", "Gaussian",
            "(", code, "-type", "Grayscale", "-filter", "triangle", "-resize", "\(Int(modulePixels * 100))%", "-bordercolor", "white",
            "-border", "16", "-background", "gray47", "-rotate", "\(degrees)", "-blur", "0x\(blur)", ")",
            "-gravity", "center", "-geometry", "-150+40", "-composite", "-colorspace", "Gray", "-depth", "8", output,
        ])
        return try ImageFile.readGray(path: FilePath(output))
    }

    /// The card's middle in the frame.
    static let middle = PixelPoint(x: 490, y: 400)

    /// Frames that hold no code: noise, a checkerboard, a grid of square dots as wide as
    /// their gaps, two pages of print, and the face photos.
    static func withoutCodes() throws -> [GrayImage] {
        let directory = try makeTemporaryDirectory()
        var paths: [String] = []
        let noise = directory.appendingPathComponent("noise.png").path
        try runTool("convert", ["-seed", "50", "-size", "1280x720", "xc:gray50", "-attenuate", "1.2", "+noise", "Gaussian", "-colorspace", "Gray", noise])
        paths.append(noise)
        for (name, tile) in [("checkerboard", "pattern:checkerboard"), ("dots", "dot")] {
            let path = directory.appendingPathComponent("\(name).png").path
            var source = tile
            if tile == "dot" {
                source = directory.appendingPathComponent("dot.png").path
                try runTool("convert", ["-size", "4x4", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 1,1", source])
                source = "tile:" + source
            }
            // Scaled so that a square or dot measures 1.5 px, as a small code's module would.
            try runTool("convert", [
                "-size", "854x480", source, "-filter", "triangle", "-resize", "1280x720!", "-rotate", "5", "-gravity", "center",
                "-extent", "1280x720", "-colorspace", "Gray", path,
            ])
            paths.append(path)
        }
        let page = directory.appendingPathComponent("page.png").path
        try runTool("convert", [
            "-size", "1280x720", "xc:gray90", "-fill", "black", "-font", "DejaVu-Sans-Mono", "-pointsize", "14",
            "-annotate", "+40+60", (0..<24).map { _ in "#@ ■□ 88 [o] OIO ||| ░▒▓ ◎ ⊚ ▣ ▤ ≡ ☰" }.joined(separator: "\n"),
            "-colorspace", "Gray", page,
        ])
        paths.append(page)
        // Stripes: `|||||` in a narrow face, a block of five bars as tall as it is wide.
        let narrow = directory.appendingPathComponent("narrow.png").path
        try runTool("convert", [
            "-size", "1280x720", "xc:gray92", "-fill", "black", "-font", "Liberation-Sans-Narrow", "-pointsize", "11",
            "-annotate", "+30+40", (0..<30).map { _ in "millimetre WWW ||||| 0123456789 nnnn ||| mmmm" }.joined(separator: "\n"),
            "-colorspace", "Gray", narrow,
        ])
        paths.append(narrow)
        let photos = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.facePhotos.path).sorted()
            .filter { $0.hasSuffix(".jpg") }.prefix(12).map { RepositoryPaths.facePhotos.appendingPathComponent($0).path }
        return try (paths + photos).map { try ImageFile.readGray(path: FilePath($0)) }
    }

    /// Expects `image` (a `frame`) to hold one code of `kind`, `across` modules across, its
    /// modules measured within 15% of `modulePixels` and its middle the card's.
    static func expectOneCode(
        _ kind: BarcodeSighting.Kind, in image: GrayImage, across: Int, modulePixels: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let codes = BarcodeSighting.find(in: image).filter { $0.kind == kind }
        #expect(codes.count == 1, "\(codes)", sourceLocation: sourceLocation)
        let code = try #require(codes.first, sourceLocation: sourceLocation)
        #expect(code.elements == across, "\(code)", sourceLocation: sourceLocation)
        let module = try #require(code.moduleSize, sourceLocation: sourceLocation)
        #expect(
            abs(module - modulePixels) <= 0.15 * modulePixels, "measured \(module) for \(modulePixels): \(code)",
            sourceLocation: sourceLocation)
        let middle = center(of: code.corners)
        #expect(abs(middle.x - Self.middle.x) < 8 && abs(middle.y - Self.middle.y) < 8, "\(code.corners)", sourceLocation: sourceLocation)
    }

    /// The middle of `corners`.
    static func center(of corners: [PixelPoint]) -> PixelPoint {
        PixelPoint(x: corners.map(\.x).reduce(0, +) / Double(corners.count), y: corners.map(\.y).reduce(0, +) / Double(corners.count))
    }
}
