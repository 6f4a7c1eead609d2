import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

private func photo(_ file: String) throws -> GrayImage {
    try ImageFile.readGray(path: FilePath(RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path))
}

/// zbar's decoder keeps the EAN halves it decoded from one scan to the next: a scanner used
/// again joined a half of ean13-4/12.webp to this photo's, and read its EAN-13 where the photo
/// alone gives zbar nothing. A photo reads the same whatever was read before it, as `scry
/// image` reads a folder in one process.
@Test(arguments: [("ean13-4/12.webp", "ean13-4/13.webp"), ("ean13-4/15.webp", "ean13-4/17.webp"), ("upca-5/21.webp", "upca-5/25.webp")])
func aPhotoReadsTheSameWhateverWasReadBefore(before: String, file: String) throws {
    let detector = BarcodeDetector()
    _ = detector.detect(in: try photo(before))
    let afterAnother = detector.detect(in: try photo(file))
    let alone = BarcodeDetector().detect(in: try photo(file))
    #expect(!alone.isEmpty)
    #expect(afterAnother == alone)
}

/// The scanner itself: one image's readings are the same from a scanner that read others
/// first, for each of the still passes' zbar variants.
@Test func zbarReadsAnImageTheSameAfterOthers() throws {
    let scanner = ZBarScanner()
    let first = try photo("ean13-4/12.webp")
    let second = try photo("ean13-4/13.webp")
    for variant in [ImageVariant.original, .upscaled, .sharpened, .blurred] {
        guard let a = variant.apply(to: first), let b = variant.apply(to: second) else { continue }
        _ = scanner.read(a)
        #expect(scanner.read(b) == ZBarScanner().read(b), "\(variant)")
    }
}

/// A linear code zbar reads down the picture's columns is placed by a box whose corners run
/// from the code's own top-left along the code: across the picture as printed, down it for the
/// photo turned a quarter clockwise (`turnedUpright(from: .right)`; zbar reads it top to
/// bottom, as zbarimg says of the photo turned so by ImageMagick), up it for the other way.
@Test func aCodeReadDownTheColumnsHasCornersAlongIt() throws {
    let upright = try photo("ean13-1/4.webp")
    let cases: [(image: GrayImage, alongY: Double)] = [
        (upright.turnedUpright(from: .right), 1), (upright.turnedUpright(from: .left), -1),
    ]
    let printed = try #require(ZBarScanner().read(upright).first)
    #expect(abs(printed.corners[1].x - printed.corners[0].x) > abs(printed.corners[1].y - printed.corners[0].y))
    for (image, alongY) in cases {
        let reading = try #require(ZBarScanner().read(image).first)
        let along = (x: reading.corners[1].x - reading.corners[0].x, y: reading.corners[1].y - reading.corners[0].y)
        #expect(abs(along.y) > abs(along.x), "\(reading.corners)")
        #expect(along.y * alongY > 0, "\(reading.corners)")
    }
}
