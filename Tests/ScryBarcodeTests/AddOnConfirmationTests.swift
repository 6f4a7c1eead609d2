@testable import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// A light picture holding the bars of an EAN-13 of 2 px a module (95 modules from x = 100,
/// rows 50 to 150) and, where asked, one dark bar `addOnGap` modules past its end.
private func picture(width: Int = 800, addOnGap: Int? = nil, addOnRows: Range<Int> = 50..<150) -> GrayImage {
    var pixels = [UInt8](repeating: 220, count: width * 200)
    func darken(columns: Range<Int>, rows: Range<Int>) {
        for y in rows { for x in columns where x < width { pixels[y * width + x] = 30 } }
    }
    for module in stride(from: 0, to: 95, by: 3) { darken(columns: (100 + 2 * module)..<(102 + 2 * module), rows: 50..<150) }
    if let addOnGap {
        let start = 290 + 2 * addOnGap
        darken(columns: start..<(start + 4), rows: addOnRows)
    }
    return GrayImage(width: width, height: 200, pixels: pixels)
}

/// The EAN-13 reading whose corners place the code of `picture`.
private let mainReading = EngineReading(
    engine: .zxing, symbology: .ean_13, payload: Array("4006381333931".utf8),
    corners: [PixelPoint(x: 100, y: 50), PixelPoint(x: 290, y: 50), PixelPoint(x: 290, y: 149), PixelPoint(x: 100, y: 149)],
    symbolVersion: nil
)

/// Nothing dark beside a code: no add-on can be there, and the add-on passes are spared.
@Test func aCodeWithNothingBesideItHoldsNoAddOn() {
    #expect(!AddOnConfirmation.mayHoldAnAddOn(beside: mainReading, in: picture()))
}

/// A bar anywhere from the usual gap to the far end of an EAN-5 may be an add-on's; one
/// beyond that is not, nor is anything past the picture's edge.
@Test(arguments: [(7, true), (12, true), (50, true), (70, false)])
func aBarBesideACodeMayBeAnAddOns(gap: Int, mayBeOne: Bool) {
    #expect(AddOnConfirmation.mayHoldAnAddOn(beside: mainReading, in: picture(addOnGap: gap)) == mayBeOne)
}

/// An add-on's bars are shorter than the main code's: a bar in the code's lower part only counts.
@Test func anAddOnsShorterBarsCount() {
    #expect(AddOnConfirmation.mayHoldAnAddOn(beside: mainReading, in: picture(addOnGap: 9, addOnRows: 120..<150)))
}

@Test func aCodeAtThePicturesEdgeHoldsNoAddOn() {
    #expect(!AddOnConfirmation.mayHoldAnAddOn(beside: mainReading, in: picture(width: 292)))
}

/// The plain zxing-cpp readings of an EAN/UPC code in a photo of ../shared/eval/barcodes,
/// their add-ons taken off, and the photo.
private func plainRetailReadings(_ file: String) throws -> (readings: [EngineReading], image: GrayImage) {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
    let image = try ImageFile.readGray(path: FilePath(path))
    var passes = StillImagePasses(image: image)
    let readings = passes.readings(of: .zxing(.original), using: BarcodeDetector())
        .filter { RetailCodeVote.symbologies.contains($0.symbology) }
        .map { reading in
            var main = reading
            main.payload = Array(reading.payload.prefix(13))
            return main
        }
    return (readings, image)
}

/// Photos whose plain pass reads the main code alone while an EAN-5 is printed beside it
/// (addons.tsv): the add-on passes run there.
@Test(arguments: ["upca-extension-1/10.webp", "upca-extension-1/11.webp"])
func aPhotographedAddOnIsSeenBesideItsCode(_ file: String) throws {
    let (readings, image) = try plainRetailReadings(file)
    try #require(!readings.isEmpty)
    #expect(readings.allSatisfy { AddOnConfirmation.mayHoldAnAddOn(beside: $0, in: image) })
}

/// Photos of a retail code with nothing printed beside it: the add-on passes are spared.
@Test(arguments: ["ean13-1/8.webp", "upca-1/2.webp"])
func aPhotographedCodeWithNothingBesideItHoldsNoAddOn(_ file: String) throws {
    let (readings, image) = try plainRetailReadings(file)
    try #require(!readings.isEmpty)
    #expect(readings.allSatisfy { !AddOnConfirmation.mayHoldAnAddOn(beside: $0, in: image) })
}
