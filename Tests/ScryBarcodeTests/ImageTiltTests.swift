import Foundation
import ScryCore
import ScryImageIO
import SystemPackage
import Testing

@testable import ScryBarcode

/// Vertical black and white stripes `period` pixels wide, turned counterclockwise (as shown)
/// by `degrees`: each pixel's centre is taken back to the upright stripes.
private func stripes(width: Int, height: Int, period: Double, turnedBy degrees: Double) -> GrayImage {
    let radians = degrees * .pi / 180
    var pixels = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            let dx = Double(x) + 0.5 - Double(width) / 2
            let dy = Double(y) + 0.5 - Double(height) / 2
            // The upright x of this point: the turn undone.
            let uprightX = dx * cos(radians) - dy * sin(radians)
            pixels[y * width + x] = Int((uprightX / period).rounded(.down)).isMultiple(of: 2) ? 20 : 230
        }
    }
    return GrayImage(width: width, height: height, pixels: pixels)
}

@Test func theTiltOfTurnedStripesIsTheTurnThatUndoesIt() {
    for degrees in [-20.0, -8, 6, 11, 30] {
        let tilt = ImageTilt(of: stripes(width: 200, height: 150, period: 6, turnedBy: degrees))
        #expect(abs(tilt.degrees + degrees) < 1, "turned \(degrees): \(tilt.degrees)")
        #expect(tilt.coherence > 0.5)
        #expect(tilt.isWorthTurning)
    }
}

@Test func uprightStripesAndFlatOrRandomImagesAreNotWorthTurning() {
    #expect(!ImageTilt(of: stripes(width: 200, height: 150, period: 6, turnedBy: 0)).isWorthTurning)
    // Lying stripes (a quarter turn) stand on the rows as well.
    #expect(!ImageTilt(of: stripes(width: 200, height: 150, period: 6, turnedBy: 90)).isWorthTurning)
    #expect(ImageTilt(of: GrayImage(width: 50, height: 40, filledWith: 128)).coherence == 0)
    var generator = SystemRandomNumberGenerator()
    let noise = GrayImage(width: 200, height: 150, pixels: (0..<30_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    #expect(!ImageTilt(of: noise).isWorthTurning)
    #expect(ImageTilt(of: GrayImage(width: 2, height: 2, filledWith: 9)).coherence == 0)
}

@Test func aTiltedImageHoldsAllOfTheOriginalAndMapsItsPointsBack() {
    let original = stripes(width: 120, height: 80, period: 5, turnedBy: 9)
    let tilted = TiltedImage(original, turnedBy: -9)
    #expect(tilted.image.width >= 120 && tilted.image.height >= 80)
    // The stripes now stand upright: a column of the middle keeps one level down its length.
    let column = tilted.image.width / 2 + 1
    let levels = (tilted.image.height / 2 - 20..<tilted.image.height / 2 + 20).map { Int(tilted.image[column, $0]) }
    #expect(levels.max()! - levels.min()! < 120, "\(levels)")
    // On a ramp (each pixel's level its column plus its row), which bilinear sampling keeps
    // exact, each point of the tilted image maps back to where its level is.
    let ramp = GrayImage(width: 120, height: 80, pixels: (0..<9_600).map { UInt8($0 % 120 + $0 / 120) })
    let tiltedRamp = TiltedImage(ramp, turnedBy: -9)
    for (u, v) in [(40, 30), (70, 50), (20, 60), (100, 45), (tiltedRamp.image.width / 2, tiltedRamp.image.height / 2)] {
        let back = tiltedRamp.originalPoint(PixelPoint(x: Double(u) + 0.5, y: Double(v) + 0.5))
        guard back.x > 1, back.y > 1, back.x < 119, back.y < 79 else { continue }
        let expected = (back.x - 0.5) + (back.y - 0.5)
        #expect(abs(Double(tiltedRamp.image[u, v]) - expected) < 1.01, "(\(u), \(v)) -> \(back)")
    }
    // The corners of the canvas lie outside the original: its mean gray.
    #expect(tiltedRamp.image[0, 0] == UInt8(ramp.pixels.reduce(0) { $0 + Int($1) } / ramp.pixels.count))
}

/// A DataBar Stacked code drawn by zint at 2.7 px a module, on a label turned 9.2 degrees
/// (Pillow), blurred and saved as WebP (the generator of scripts/bench-tilted-codes): its rows
/// are 5 and 7 modules tall, and no scan line of the photo as it is stays on one across its
/// bars. Read on the photo turned by its edges' lean, reported where it is in the photo.
@Test func aStackedCodePhotographedAskewIsReadTurnedByItsLean() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tilted-databar-stacked.webp").path
    let image = try ImageFile.readGray(path: FilePath(path))
    let tilt = ImageTilt(of: image)
    #expect(tilt.isWorthTurning)
    #expect(abs(tilt.degrees + 9.2) < 2.5, "\(tilt.degrees)")
    let readings = BarcodeDetector().detect(in: image)
    #expect(readings.map(\.symbology) == [.databar_stacked])
    #expect(readings.map { String(decoding: $0.payload, as: UTF8.self) } == ["0155759183623611"])
    // The corners lie on the label, inside the photo.
    for corner in readings.first?.corners ?? [] {
        #expect(corner.x > 0 && corner.x < Double(image.width) && corner.y > 0 && corner.y < Double(image.height))
    }
}

/// A DataBar Stacked code drawn by zint, on a card with its number printed under it, seen in
/// perspective on a dark desk by ImageMagick (turned 3.3 degrees, defocused, with noise) in a
/// photo of 632x720: larger than the still path escalates without a trace of a code, and its
/// rows show none, upright or sharpened or enlarged. It is read all the same on the photo
/// turned by its edges' lean, by the plain passes alone.
@Test func aStackedCodeAskewInALargePhotoWithoutATraceIsReadTurnedByItsLean() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/askew-databar-stacked-large.webp").path
    let image = try ImageFile.readGray(path: FilePath(path))
    #expect(image.width * image.height > StillImagePasses.largestUntracedEscalatedPixelCount)
    var passes = StillImagePasses(image: image)
    let showsATrace = passes.mayHoldACode(readBefore: [], using: BarcodeDetector())
    #expect(!showsATrace)
    let readings = BarcodeDetector().detect(in: image)
    #expect(readings.map(\.symbology) == [.databar_stacked])
    #expect(readings.map { String(decoding: $0.payload, as: UTF8.self) } == ["0145727334035579"])
    // The card lies in the middle of the photo, from about x 160 to 480 and y 260 to 460.
    for corner in readings.first?.corners ?? [] {
        #expect(corner.x > 160 && corner.x < 480 && corner.y > 260 && corner.y < 460, "\(corner)")
    }
}
