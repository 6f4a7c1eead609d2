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
