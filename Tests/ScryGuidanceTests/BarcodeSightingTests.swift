import Foundation
import ScryCore
import ScryGuidance
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// `BarcodeSighting` on frames zint and ImageMagick made: linear codes are seen at every size
/// with their modules measured, pages and photos without codes hold none, and
/// `GuidanceDetector.unreadSmallCodes` keeps the narrow ones no read code covers.
struct BarcodeSightingTests {
    /// A 1280x720 desk (ImageMagick's noise) with a white card holding zint's `symbology`
    /// code of `data` at `modulePixels` pixels a module, turned `degrees`.
    private func frame(symbology: Int, data: String, modulePixels: Double, degrees: Double = 0) throws -> GrayImage {
        let directory = try makeTemporaryDirectory()
        let code = directory.appendingPathComponent("code.png").path
        let output = directory.appendingPathComponent("frame.png").path
        // zint at scale 0.5 draws one pixel a module; ImageMagick scales it as a lens would.
        try runTool("zint", ["-b", "\(symbology)", "-d", data, "--scale", "0.5", "--height", "30", "-o", code])
        try runTool("convert", [
            "-seed", "47", "-size", "1280x720", "xc:gray47", "-attenuate", "0.6", "+noise", "Gaussian",
            "(", code, "-filter", "triangle", "-resize", "\(Int(modulePixels * 100))%", "-bordercolor", "white",
            "-border", "24", "-background", "gray47", "-rotate", "\(degrees)", ")", "-gravity", "center", "-geometry", "+120-60",
            "-composite", "-colorspace", "Gray", output,
        ])
        return try ImageFile.readGray(path: FilePath(output))
    }

    @Test(arguments: [
        (20, "SCRY-20261129", 1.3, 0.0), (13, "590123412345", 1.3, 0.0), (20, "SCRY-20261129", 2.5, 8.0),
        (13, "590123412345", 4.0, -5.0), (8, "CODE39-SCRY", 1.6, 0.0), (3, "20261129", 1.4, 3.0),
    ]) func aLinearCodeIsSeenWithItsModulesMeasured(symbology: Int, data: String, modulePixels: Double, degrees: Double) throws {
        let sightings = BarcodeSighting.find(in: try frame(symbology: symbology, data: data, modulePixels: modulePixels, degrees: degrees))
        #expect(sightings.count == 1, "\(sightings)")
        let module = try #require(sightings.first?.moduleSize, "\(sightings)")
        #expect(abs(module - modulePixels) <= 0.25 * modulePixels, "measured \(module) for \(modulePixels): \(sightings)")
    }

    @Test func aPageAndAPhotoHoldNoCode() throws {
        let directory = try makeTemporaryDirectory()
        let page = directory.appendingPathComponent("page.png").path
        try runTool("convert", [
            "-size", "1280x720", "gradient:gray30-gray80", "-fill", "gray88", "-draw", "rectangle 300,150 980,600",
            "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "22",
            "-annotate", "+330+210", "A page on a desk with lines of print, lllll IIIII |||||",
            "-annotate", "+330+250", "and ruled lines under them.", "-stroke", "gray40",
            "-draw", "line 320,280 960,280", "-draw", "line 320,310 960,310", "-draw", "line 320,340 960,340",
            "-colorspace", "Gray", page,
        ])
        let photo = RepositoryPaths.facePhotos.appendingPathComponent("2008_002470.jpg").path
        for path in [page, photo] {
            let sightings = BarcodeSighting.find(in: try ImageFile.readGray(path: FilePath(path)))
            #expect(GuidanceDetector.unreadSmallCodes(sightings, read: []).isEmpty, "\(path): \(sightings)")
        }
    }

    /// Even stripes of 3.3 to 6 px (a blind, a grating, ruled cloth: ImageMagick's line
    /// patterns scaled, and a sinusoid), turned and softened, on a desk, are no small code.
    @Test(arguments: [
        ("pattern:vertical", 150, 4.0, 0.0), ("pattern:vertical", 125, -7.0, 0.5), ("pattern:vertical3", 150, 12.0, 0.0),
        ("sine", 330, -3.0, 0.3), ("sine", 450, 15.0, 0.0),
    ]) func evenStripesAreNoSmallCode(source: String, scale: Int, degrees: Double, blur: Double) throws {
        let directory = try makeTemporaryDirectory()
        let stripes = directory.appendingPathComponent("stripes.png").path
        let output = directory.appendingPathComponent("frame.png").path
        if source == "sine" {
            try runTool("convert", ["-size", "360x160", "xc:", "-fx", "0.5+0.4*sin(2*pi*i*100/\(scale))", stripes])
        } else {
            try runTool("convert", ["-size", "300x140", source, "-scale", "\(scale)%", stripes])
        }
        try runTool("convert", [
            "-seed", "47", "-size", "1280x720", "xc:gray47", "-attenuate", "0.6", "+noise", "Gaussian",
            "(", stripes, "-background", "gray60", "-rotate", "\(degrees)", "-blur", "0x\(blur)", ")", "-gravity", "center",
            "-composite", "-colorspace", "Gray", output,
        ])
        let sightings = BarcodeSighting.find(in: try ImageFile.readGray(path: FilePath(output)))
        #expect(GuidanceDetector.unreadSmallCodes(sightings, read: []).isEmpty, "\(sightings)")
    }

    @Test func onlyNarrowCodesThatNoReadingCoversAreSmall() throws {
        let image = try frame(symbology: 20, data: "SCRY-20261129", modulePixels: 1.3)
        let sightings = BarcodeSighting.find(in: image)
        #expect(GuidanceDetector.unreadSmallCodes(sightings, read: []).count == 1, "\(sightings)")
        // The barcode lane's outline of the same code: it was read.
        let read = try #require(sightings.first?.corners)
        #expect(GuidanceDetector.unreadSmallCodes(sightings, read: [read]).isEmpty)
        // A code elsewhere read: this one still counts.
        let elsewhere = [PixelPoint(x: 10, y: 10), PixelPoint(x: 60, y: 10), PixelPoint(x: 60, y: 40), PixelPoint(x: 10, y: 40)]
        #expect(GuidanceDetector.unreadSmallCodes(sightings, read: [elsewhere]).count == 1)
        // The same code drawn large is not small, read or not.
        let large = BarcodeSighting.find(in: try frame(symbology: 20, data: "SCRY-20261129", modulePixels: 3))
        #expect(!large.isEmpty && GuidanceDetector.unreadSmallCodes(large, read: []).isEmpty, "\(large)")
    }

    /// OpenCV 4.6's barcode detector ends the process (a division by zero) on images whose
    /// shorter side is 41 to 50 pixels: such images are looked at for QR, Aztec and PDF417
    /// marks only. The eval's 50x46 photo and uniform strips of every width in that band.
    @Test func aNarrowStripIsLookedAtWithoutEndingTheProcess() throws {
        let photo = RepositoryPaths.eval.appendingPathComponent("barcodes/falsepositives-1/MQR-falsepositive.jpg").path
        #expect(BarcodeSighting.find(in: try ImageFile.readGray(path: FilePath(photo))).isEmpty)
        for side in 38...52 {
            #expect(BarcodeSighting.find(in: GrayImage(width: 200, height: side, filledWith: 128)).isEmpty)
            #expect(BarcodeSighting.find(in: GrayImage(width: side, height: 300, filledWith: 90)).isEmpty)
        }
    }

    @Test func anEmptyOrTinyImageHoldsNoCode() {
        #expect(BarcodeSighting.find(in: GrayImage(width: 0, height: 0, filledWith: 0)).isEmpty)
        #expect(BarcodeSighting.find(in: GrayImage(width: 3, height: 2, filledWith: 200)).isEmpty)
        let measured = BarcodeSighting.measured(
            [PixelPoint(x: 0, y: 0), PixelPoint(x: 2, y: 0), PixelPoint(x: 2, y: 1), PixelPoint(x: 0, y: 1)],
            in: GrayImage(width: 3, height: 2, filledWith: 200))
        #expect(measured.moduleSize == nil)
    }
}
