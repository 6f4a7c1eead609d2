import ScryBarcode
import ScryCore
import ScryImageIO
import Foundation
import ScryTestSupport
import SystemPackage
import Testing

/// An EAN-13 of zint's at 2 px a module, and the same code blurred by ImageMagick (a Gaussian
/// of `sigma` pixels; none when nil), with the corners of the whole picture.
private func ean13(blurredBy sigma: Double?) throws -> (GrayImage, [PixelPoint]) {
    let directory = try makeTemporaryDirectory()
    let drawn = directory.appendingPathComponent("ean13.png").path
    try runTool("zint", ["--barcode=13", "--scale=1", "--quietzones", "--notext", "--data=590123412345", "--output=\(drawn)"])
    var path = drawn
    if let sigma {
        path = directory.appendingPathComponent("blurred.png").path
        try runTool("convert", [drawn, "-colorspace", "Gray", "-blur", "0x\(sigma)", path])
    }
    let image = try ImageFile.readGray(path: FilePath(path))
    let (width, height) = (Double(image.width), Double(image.height))
    return (image, [PixelPoint(x: 0, y: 0), PixelPoint(x: width, y: 0), PixelPoint(x: width, y: height), PixelPoint(x: 0, y: height)])
}

/// Bars as drawn have step edges; the same bars blurred by a lens's worth have soft ones.
@Test func barsAsDrawnAreNotSoftAndBlurredOnesAre() throws {
    let (drawn, corners) = try ean13(blurredBy: nil)
    #expect(!SoftBarEdges.areSoft(around: corners, in: drawn))
    for sigma in [1.0, 1.5, 2.5] {
        let (blurred, blurredCorners) = try ean13(blurredBy: sigma)
        #expect(SoftBarEdges.areSoft(around: blurredCorners, in: blurred), "sigma \(sigma)")
    }
}

/// A reading placed on one scan line is judged by the rows around it.
@Test func aReadingOnOneScanLineIsJudgedByTheRowsAroundIt() throws {
    let (blurred, _) = try ean13(blurredBy: 1.5)
    let middle = Double(blurred.height / 2)
    let line = [PixelPoint(x: 20, y: middle), PixelPoint(x: Double(blurred.width - 20), y: middle)]
    #expect(SoftBarEdges.areSoft(around: line, in: blurred))
}

/// A blank picture, or a box outside the picture, shows no edges to tell by: not soft.
@Test func withoutEdgesNothingIsSoft() {
    let blank = GrayImage(width: 200, height: 100, pixels: [UInt8](repeating: 200, count: 200 * 100))
    let corners = [PixelPoint(x: 0, y: 0), PixelPoint(x: 200, y: 0), PixelPoint(x: 200, y: 100), PixelPoint(x: 0, y: 100)]
    #expect(!SoftBarEdges.areSoft(around: corners, in: blank))
    #expect(!SoftBarEdges.areSoft(around: corners.map { PixelPoint(x: $0.x + 500, y: $0.y) }, in: blank))
}
