import Foundation
@testable import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// The still-image passes on the sample photos each was made for (../shared/eval/barcodes).
private func detect(_ file: String) throws -> [BarcodeObservation] {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
    return BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
}

/// A "double QR": the large code's middle holds a small one, which the middle read on its own
/// gives up; both are reported, the small one inside the large one.
@Test func aQRCodeNestedInAnotherIsRead() throws {
    let found = try detect("qrcode-2/16.webp")
    try #require(found.count == 2, "\(found.map { $0.payloadText ?? "?" })")
    let outer = try #require(found.first { $0.payloadText?.hasPrefix("[外側QRコード]") == true })
    let inner = try #require(found.first { $0.payloadText?.hasPrefix("[内側QRコード]") == true })
    #expect(inner.symbology == .qr_code)
    #expect(inner.pixelBounds.x > outer.pixelBounds.x && inner.pixelBounds.y > outer.pixelBounds.y)
    #expect(inner.pixelBounds.x + inner.pixelBounds.width < outer.pixelBounds.x + outer.pixelBounds.width)
    #expect(inner.pixelBounds.width < outer.pixelBounds.width / 2)
}

@Test func aCodeWithNothingNestedGivesOneReading() throws {
    #expect(try detect("qrcode-1/1.webp").count == 1)
}

/// zbar reads a UPC-E inside this worn UPC-A (0012546619592), and no pass reads the UPC-A's
/// number; zxing-cpp, asked for failed readings too, locates an EAN-13 there whose check
/// digit fails, which shows the UPC-E to be a fragment: nothing is reported.
@Test func aUPCEFragmentOfALongerCodeIsDropped() throws {
    let found = try detect("upca-2/38.webp")
    #expect(found.allSatisfy { $0.symbology != .upc_e }, "\(found.map { $0.payloadText ?? "?" })")
}

/// The same UPC-A turned 4.3, 11.9 and 12.34 degrees by ImageMagick (as
/// scripts/bench-turned-retail turns it, seed 29): nothing reads it as it is, zxing-cpp
/// locates no EAN-13 there, and zbar, on the image enlarged and sharpened, reads a UPC-E
/// `0022121000066` in its right half, in two or three passes, at 1.5 px a module or of
/// unknown size. A UPC-E only escalation found and only zbar read is left out: nothing is
/// reported. With the calibrated module sizes, at which such a UPC-E meets the minimum.
@Test(arguments: ["4.30", "11.90", "12.34"])
func aUPCEFragmentOfATurnedLongerCodeIsDropped(_ degrees: String) throws {
    let directory = try makeTemporaryDirectory()
    let turned = directory.appendingPathComponent("turned.png").path
    let photo = RepositoryPaths.eval.appendingPathComponent("barcodes/upca-2/38.webp").path
    try runTool("convert", [photo, "-colorspace", "Gray", "-background", "gray60", "-rotate", degrees, turned])
    let table = RepositoryPaths.calibration.appendingPathComponent("module-sizes.json")
    let detector = BarcodeDetector(thresholds: try ModuleSizeThresholds(json: Array(try Data(contentsOf: table))))
    let found = detector.detect(in: try ImageFile.readGray(path: FilePath(turned)))
    #expect(found.allSatisfy { $0.payloadText == "0012546619592" }, "\(found.map { $0.payloadText ?? "?" })")
}

/// The zbar-only UPC-E reads that are right stay (no EAN-13 is located there).
@Test(arguments: ["upce-3/04.webp", "upce-3/08.webp", "upce-3/11.webp", "upce-2/35.webp"])
func realUPCECodesStay(_ file: String) throws {
    #expect(try detect(file).map(\.symbology) == [.upc_e])
}

/// The EAN-2 add-on "00" beside a small UPC-A is read by the add-on passes, which agree, and a
/// quiet zone follows it. On its worn sibling, whose add-on digits glare has washed out, only
/// one pass (the enlarged and sharpened image) reads it: unconfirmed, so the UPC-A is reported
/// alone rather than with digits nobody can check.
@Test func anAddOnIsReportedWhenPassesAgree() throws {
    #expect(try detect("upca-extension-1/18.webp").map(\.payloadText) == ["002454313653800"])
    #expect(try detect("upca-extension-1/19.webp").map(\.payloadText) == ["0024543136538"])
}

/// An EAN-5 cut by the picture's right border reads, on several passes, as the EAN-2 "50" (its
/// first two digits); the separator and bars that follow leave no quiet zone, so the EAN-13
/// is reported alone. Likewise an EAN-2 whose last bar lies beyond the border.
@Test(arguments: ["ean13-2/09.webp", "ean13-2/12.webp", "ean13-4/05.webp", "ean13-4/06.webp", "ean13-4/09.webp", "upce-3/10.webp"])
func anAddOnCutByTheBorderIsLeftOut(_ file: String) throws {
    let found = try detect(file)
    #expect(found.count == 1 && found.allSatisfy { $0.payload.count == 13 }, "\(found.map { $0.payloadText ?? "?" })")
}

/// Two passes read the EAN-2 beside this cropped UPC-E as "04", seven as "01" (printed): the
/// majority is reported.
@Test func theAddOnMostPassesReadWins() throws {
    #expect(try detect("upce-2/12.webp").map(\.payloadText) == ["004900000634601"])
}

/// A Code 32 pharmacode is the Code 39 "3PRM8N"; its printed number is its value.
@Test func aCode32IsItsCode39WithThePharmacodeValue() throws {
    let found = try detect("code39-1/code32-1.png")
    try #require(found.count == 1)
    #expect(found[0].symbology == .code_39)
    #expect(found[0].payloadText == "3PRM8N")
    #expect(found[0].value == BarcodeValue(kind: .pharmacode, fields: ["code_32": .string("A123456788")]))
}

/// This blurred UPC-A reads as 3062842000263 (a valid check digit) on the sharpened image alone;
/// the tiebreaker passes read 0067932000263, its printed number, and it is replaced.
@Test func aLoneMisreadOfABlurredCodeIsOutvoted() throws {
    #expect(try detect("upca-4/16.webp").map(\.payloadText) == ["0067932000263"])
}

/// Upright, this worn UPC-A (about 2 px a module, above the minimum) reads 9074932437075, a
/// number with a valid check digit, by both zxing-cpp's and zbar's plain passes at one place:
/// two engines on one picture are no second opinion for a single check digit. The vote's
/// other passes read 0023942431015, its printed number, and it is replaced.
@Test func twoEnginesAgreeingOnAMisreadAreOutvoted() throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/upca-4/2.webp").path
    let image = try ImageFile.readGray(path: FilePath(path))
    var passes = StillImagePasses(image: image)
    let plain = [StillImagePass.zxing(.original), .zbar(.original)].map { passes.readings(of: $0, using: BarcodeDetector()) }
    for readings in plain {
        #expect(readings.contains { String(decoding: $0.payload, as: UTF8.self) == "9074932437075" }, "\(readings.map(\.payload))")
    }
    #expect(BarcodeDetector().detect(in: image).map(\.payloadText) == ["0023942431015"])
}

/// Turned upside down, two worn UPC-A photos used to give wrong numbers: upca-4/2 a UPC-E that
/// gave way to an EAN-13 the vote had rejected (9074932437075 against 0023942431015), upca-5/27
/// a UPC-E that one zbar pass found in its bars. Now neither gives anything but its number.
@Test(arguments: [("upca-4/2.webp", "0023942431015"), ("upca-5/27.webp", "0625034201058")])
func turnedWornCodesGiveNoWrongNumber(_ file: String, _ number: String) throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
    let image = try ImageFile.readGray(path: FilePath(path))
    for orientation in [ImageOrientation.down, .left] {
        let found = BarcodeDetector().detect(in: image.turnedUpright(from: orientation))
        #expect(found.allSatisfy { $0.payloadText == number }, "\(file) \(orientation): \(found.map { $0.payloadText ?? "?" })")
    }
}

/// Turned by 10 to 14 degrees, this small UPC-A (about 1.1 px a module once straightened) gave
/// another number with a valid check digit, 6087746619592, an EAN-13 at half the module size
/// in the right half of the code: two of zbar's passes read it and no other (zbar alone now
/// needs three passes below the minimum module size), or, by -10 degrees, three zbar passes
/// on the image turned a quarter, whose bars contradict it once fitted along the code (zbar
/// read it down the picture's columns, and its box's corners now say so).
@Test(arguments: [-14.0, -13, -12, -11, -10, 10, 12, 14])
func aSmallTurnedUPCAGivesNoWrongNumber(_ degrees: Double) throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/upca-2/39.webp").path
    let turned = TiltedImage(try ImageFile.readGray(path: FilePath(path)), turnedBy: degrees).image
    let found = BarcodeDetector().detect(in: turned)
    #expect(found.allSatisfy { $0.payloadText == "0012546619592" }, "\(degrees): \(found.map { $0.payloadText ?? "?" })")
}

/// Negated (white on black), these worn photos gave wrong numbers that zbar alone read:
/// zxing-cpp reads no linear code white on black, so zbar's passes were the whole vote and
/// shared its misreads (upca-4/1 read 9074932437075, ean13-1/37 1040183002834, upca-5/32
/// 6627834201058, upca-2/39 6087746619592). Read on the image's negative, dark on light, by
/// both engines and the vote, each gives its printed number.
@Test(arguments: [
    ("upca-4/1.webp", "0023942431015"), ("ean13-1/37.webp", "5000213002834"),
    ("upca-5/32.webp", "0625034201058"), ("upca-2/39.webp", "0012546619592"),
])
func whiteOnBlackRetailCodesAreReadOnTheNegative(_ file: String, _ number: String) throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
    let found = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)).inverted())
    #expect(found.map(\.payloadText) == [number], "\(file)")
    #expect(found.allSatisfy { $0.engines.contains("zxing") }, "\(file): \(found.map(\.engines))")
}

/// This small, soft DataBar gives itself up only enlarged three times (bicubic), the last
/// escalation pass.
@Test func aSmallDataBarReadsEnlargedThreefold() throws {
    #expect(try detect("rss14-1/11.webp").map(\.payloadText) == ["0102001234567893"])
}

/// A small, defocused UPC-E reads on the image enlarged (bicubic) and strongly sharpened; a
/// voting pass reads the same number, which bears it out.
@Test func aDefocusedUPCEReadsEnlargedAndStronglySharpened() throws {
    #expect(try detect("upce-2/38.webp").map(\.payloadText) == ["0012000006494"])
}

/// A small, grainy EAN-13 (zint at one pixel a module, resized by ImageMagick to 1.3 px a
/// module, turned 4 degrees, Gaussian noise, JPEG): no pass reads it but the last, on the image
/// averaged down its columns, enlarged and strongly sharpened, where the noise along the bars
/// has faded and their edges have not; its bars show the number digit by digit.
@Test func aGrainyEANReadsAveragedDownItsColumns() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/grainy-ean13.jpg").path
    let readings = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(readings.map(\.payloadText) == ["9798911635794"])
    #expect(StillImagePass.escalation.suffix(5) == [
        StillImagePass(engine: .zxingBars, variant: .averagedDownColumnsEnlargedSharpened),
        StillImagePass(engine: .zbarRetail, variant: .averagedDownColumnsEnlargedSharpened),
        .zxing(.deblurredAlongRowsEnlarged(sigma: 1.5)), .zxing(.deblurredAlongRowsEnlarged(sigma: 2)),
        .zxing(.deblurredAlongRowsEnlarged(sigma: 2.5)),
    ])
}

/// A small, grainy Code 128 (zint at one pixel a module, resized by ImageMagick to 1.7 px a
/// module, turned, Gaussian noise): an escalation pass (the image enlarged and strongly
/// sharpened) reads it, and a Code 128 that one escalation pass alone reads is left out
/// (`confirmedInEscalation`); the image averaged down its columns, read for the linear codes
/// too, reads the same text, which bears it out.
@Test func aGrainyCode128ReadByOneEscalationPassIsBorneOutAveragedDownItsColumns() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/grainy-code128.png").path
    let readings = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(readings.map(\.payloadText) == ["MC7RLDJHX"])
    #expect(readings.map(\.symbology) == [.code_128])
    #expect(StillImagePass.barSymbologies.isSuperset(of: [.code_128, .code_39, .itf, .codabar, .code_93]))
    #expect(StillImagePass.barSymbologies.isDisjoint(with: [.databar, .databar_stacked, .databar_expanded, .pdf417]))
}

/// A small, grainy Code 128 (zint at one pixel a module, resized by ImageMagick to 1.5 px a
/// module, turned, Gaussian noise) whose noise makes two neighbouring scan lines of zxing-cpp's
/// plain pass agree on "3JYG0)4-P" for the printed "3JYG0Y7-P", the check character holding.
/// A reading on a sliver of the bars' height stands only where an escalation pass reads it on
/// more than a sliver: only the global histogram binarizer repeats it, on the same two lines,
/// and the escalation passes that read the code across its height read the printed text.
@Test func aCode128MisreadOnASliverOfItsBarsGivesWayToTheReadingAcrossThem() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sliver-code128.png").path
    let readings = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(readings.map(\.payloadText) == ["3JYG0Y7-P"])
}

/// A sliver is a reading whose agreeing scan lines span at most two pixels across the bars,
/// whichever way the code is turned, and only of the symbologies with a weak check or none.
@Test func aSliverIsAReadingOfAFewNeighbouringLinesOfAWeaklyCheckedCode() {
    func reading(_ symbology: Symbology, _ corners: [(Double, Double)]) -> EngineReading {
        EngineReading(
            engine: .zxing, symbology: symbology, payload: Array("A1".utf8),
            corners: corners.map { PixelPoint(x: $0.0, y: $0.1) }, symbolVersion: nil)
    }
    let twoLines = [(21.0, 59.0), (228.0, 59.0), (228.0, 60.0), (22.0, 60.0)]
    let turnedTwoLines = [(100.0, 20.0), (101.5, 220.0), (99.5, 220.0), (98.0, 20.0)]
    let manyLines = [(21.0, 40.0), (228.0, 40.0), (228.0, 80.0), (22.0, 80.0)]
    #expect(BarcodeDetector.isReadOnASliver(reading(.code_128, twoLines)))
    #expect(BarcodeDetector.isReadOnASliver(reading(.code_39, turnedTwoLines)))
    #expect(!BarcodeDetector.isReadOnASliver(reading(.code_128, manyLines)))
    #expect(!BarcodeDetector.isReadOnASliver(reading(.code_93, twoLines)))
    #expect(!BarcodeDetector.isReadOnASliver(reading(.ean_13, twoLines)))
}

/// A small, grainy Code 39 (zint, resized by Pillow until its narrow bars are about a pixel
/// wide, sheared and turned, NumPy's noise and uneven light): of the escalation passes only the
/// image enlarged three times reads it, and a Code 39 one escalation pass alone reads is left
/// out; zxing-cpp's other binarizers on that same enlarged image read it too, which bears it
/// out.
@Test func aGrainyCode39ReadEnlargedThreefoldIsBorneOutByAnotherBinarizer() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/grainy-code39.png").path
    let readings = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(readings.map(\.payloadText) == ["2H9V3J"])
    #expect(StillImagePass.zxing(.enlargedBicubicThreefold).otherBinarizers == [
        StillImagePass(engine: .zxingGlobalHistogram, variant: .enlargedBicubicThreefold),
        StillImagePass(engine: .zxingFixedThreshold, variant: .enlargedBicubicThreefold),
    ])
    #expect(StillImagePass.zbar(.upscaled).otherBinarizers.isEmpty)
}

/// A small UPC-A (zint at one pixel a module, resized by ImageMagick to 1.29 px a module, below
/// UPC-A's minimum, turned, noised, JPEG) that several zxing-cpp passes read as 0089081132121
/// for 0089081132787 (three digits wrong, the check digit holding) and no zbar pass reads: a
/// number of one engine on a code below the minimum stands only on its bars, which do not show
/// it digit by digit, however many of that engine's passes read it.
@Test func aSmallUPCAOneEngineMisreadsInSeveralPassesIsLeftOut() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/small-upca.jpg").path
    let readings = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(!readings.contains { $0.payloadText == "0089081132121" })
    #expect(readings.allSatisfy { $0.payloadText == "0089081132787" })
}

/// This blurred UPC-A reads, on the strongly sharpened enlargement alone, as 9278404163817 (a
/// valid check digit, wrong): a number only an escalation pass read, which no voting pass
/// repeats and whose bars do not bear it out (`RetailBarsFit`: another digit explains one
/// digit's bars more than ten times better), is left out.
@Test func aLoneEscalationMisreadIsLeftOut() throws {
    #expect(try detect("upca-2/10.webp").isEmpty)
}

/// Two blurred webcam UPC-As whose thin bars have spread: only escalation passes read them,
/// no voting pass repeats their numbers, and their bars do not show them digit by digit; but
/// their codes are above UPC-A's calibrated minimum module size (1.94 and 3.22 px a module)
/// and no digit's bars are explained twice as well by another digit
/// (`RetailBarsFit.bearsOutAnEscalationReading`), so they stand. Under ML Kit's 2 px for
/// every symbology the first is below the minimum, and left out.
@Test(arguments: [("upca-2/11.webp", "0181497000879"), ("upca-5/19.webp", "0625034201058")])
func aLoneEscalationReadingItsBarsBearOutStands(_ file: String, _ number: String) throws {
    let table = RepositoryPaths.calibration.appendingPathComponent("module-sizes.json")
    let detector = BarcodeDetector(thresholds: try ModuleSizeThresholds(json: Array(try Data(contentsOf: table))))
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
    let image = try ImageFile.readGray(path: FilePath(path))
    #expect(detector.detect(in: image).map(\.payloadText) == [number])
    if file == "upca-2/11.webp" { #expect(BarcodeDetector().detect(in: image).isEmpty) }
}

/// zxing-cpp reads a MaxiCode only upright: a photo of one taken sideways or upside down reads
/// nothing as it is, and is read turned, with its corners back in the photo's own pixels
/// (around the same symbol as in the upright photo, turned the same way).
@Test(arguments: [ImageOrientation.right, .down, .left])
func aMaxiCodeTakenSidewaysIsReadTurned(_ orientation: ImageOrientation) throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/maxicode-1/MODE2.png").path
    let upright = try ImageFile.readGray(path: FilePath(path))
    let expected = try #require(BarcodeDetector().detect(in: upright).first)
    // The photo as it would be stored to need `orientation` to stand upright.
    let inverse: [ImageOrientation: ImageOrientation] = [.right: .left, .down: .down, .left: .right]
    let stored = upright.turnedUpright(from: inverse[orientation]!)
    let found = BarcodeDetector().detect(in: stored)
    try #require(found.count == 1)
    #expect(found[0].symbology == .maxicode)
    #expect(found[0].payload == expected.payload)
    let expectedCorners = expected.corners.map { orientation.storedPoint(forUpright: $0, storedSize: stored.size) }
    for (corner, wanted) in zip(found[0].corners, expectedCorners) {
        #expect(abs(corner.x - wanted.x) <= 3 && abs(corner.y - wanted.y) <= 3, "\(found[0].corners) vs \(expectedCorners)")
    }
}

/// A small image that reads nothing as it is, even escalated, is read turned with the
/// escalation too (`largestTurnedEscalatedPixelCount`): this defocused 80x240 UPC-E, taken
/// sideways either way, reads on no pass as it lies: turned upright, it reads enlarged and
/// strongly sharpened.
@Test(arguments: [ImageOrientation.right, .left])
func aSmallCodeTakenSidewaysIsReadTurnedAndEscalated(_ turn: ImageOrientation) throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/upce-2/38.webp").path
    let sideways = try ImageFile.readGray(path: FilePath(path)).turnedUpright(from: turn)
    #expect(sideways.width * sideways.height <= 120_000)
    #expect(BarcodeDetector().detect(in: sideways).map(\.payloadText) == ["0012000006494"])
}

/// The passes an image of 50,000 to 120,000 pixels escalates with when turned are escalation
/// passes: one missing from `escalation` would never run at all.
@Test func theTurnedEscalationIsPartOfTheEscalation() {
    #expect(!StillImagePass.turnedEscalation.isEmpty)
    #expect(StillImagePass.turnedEscalation.isSubset(of: Set(StillImagePass.escalation)))
}

/// zxing-cpp reads this small UPC-A as 1077778003259 on the plain image (its global-histogram
/// binarizer too); zbar and zxing-cpp on the enlarged image read 0075720003259, the printed
/// number: four of six votes, short of the share needed. The tiebreakers, all of which read the
/// printed number, settle the split vote.
@Test func aSplitVoteIsSettledByTheTiebreakers() throws {
    #expect(try detect("upca-2/48.webp").map(\.payloadText) == ["0075720003259"])
}

/// zbar and zxing-cpp on the plain image read this blurred UPC-A as 9074932437075, zxing-cpp
/// on the enlarged and the blurred image as printed, 0023942431015: no number holds the share
/// needed, even with the tiebreakers. The bars themselves show the printed number.
@Test func aSplitVoteIsSettledByTheBars() throws {
    #expect(try detect("upca-4/2.webp").map(\.payloadText) == ["0023942431015"])
}

/// Only an escalation pass (enlarged and strongly sharpened) reads this ISBN, and no voting
/// pass repeats it; the bars confirm it digit by digit, so it stays.
@Test func anEscalationReadingTheBarsConfirmStays() throws {
    #expect(try detect("ean13-4/14.webp").map(\.payloadText) == ["9780441014989"])
}

/// A small UPC-A (module about 1.1 px) that reads only enlarged one and a half times; no voting
/// pass repeats it, and its bars confirm it.
@Test func aSmallUPCAReadsEnlargedOneAndAHalf() throws {
    #expect(try detect("upca-2/28.webp").map(\.payloadText) == ["0752050200137"])
}

/// A washed-out UPC-A that zbar reads only enlarged and histogram-equalized; its bars confirm it.
@Test func aWashedOutUPCAReadsEnlargedAndEqualized() throws {
    #expect(try detect("upca-2/50.webp").map(\.payloadText) == ["0075720003259"])
}

/// This QR code, its modules filled with a grainy photo, reads with none of the plain passes;
/// enlarged twice and binarized by its global histogram (the later escalation pass), it does.
@Test func aGrainyQRCodeReadsEnlargedWithAGlobalBinarizer() throws {
    let found = try detect("qrcode-2/13.webp")
    #expect(found.map(\.symbology) == [.qr_code])
    #expect(found.first?.payloadText?.hasPrefix("The 2005 USGS aerial photography") == true)
}

/// A photo of 363,600 pixels whose Micro QR code no plain pass reads: zxing-cpp, asked for
/// failed readings too, locates it (a checksum error), which is a trace of a code, so the
/// escalation runs and reads it.
@Test func aLargePhotoWithATraceOfACodeIsEscalated() throws {
    let found = try detect("microqrcode-1/12.webp")
    #expect(found.map(\.symbology) == [.micro_qr_code])
    #expect(found.first?.payloadText == "SN888623311")
}

/// Whether escalating can pay: not on a large photo without a code (640x480, no plain reading,
/// nothing zxing-cpp locates); on the large photo above, where zxing-cpp locates a code it cannot
/// decode; and on any small image, where a code may be too small to leave a trace.
@Test func onlyAnImageThatMayHoldACodeIsEscalated() throws {
    func mayHoldACode(_ image: GrayImage) -> Bool {
        var passes = StillImagePasses(image: image)
        return passes.mayHoldACode(readBefore: [], using: BarcodeDetector())
    }
    func photo(_ file: String) throws -> GrayImage {
        try ImageFile.readGray(path: FilePath(RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path))
    }
    let noCode = try photo("falsepositives-1/09.webp")
    try #require(noCode.width * noCode.height > StillImagePasses.largestUntracedEscalatedPixelCount)
    #expect(!mayHoldACode(noCode))
    #expect(mayHoldACode(try photo("microqrcode-1/12.webp")))
    let small = GrayImage(width: 400, height: 300, filledWith: 200)
    #expect(mayHoldACode(small))
}

/// The vote's EAN/UPC-only twins of the zxing-cpp passes read the same EAN/UPC codes as the
/// every-format passes, on photos of EAN-13, UPC-A, UPC-E and an add-on, at every variant the
/// vote looks at.
@Test(arguments: ["ean13-1/#526.webp", "upca-2/01.webp", "ean13-1/14.webp", "upce-3/04.webp", "ean13-extension-1/1.png"])
func theVoteReadsTheSameEANCodesWithTheRetailTwins(file: String) throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
    let image = try ImageFile.readGray(path: FilePath(path))
    let detector = BarcodeDetector()
    var passes = StillImagePasses(image: image)
    let twinned = (StillImagePass.retailVoters + StillImagePass.retailTiebreakers).filter { $0.engine.retailTwin != $0.engine }
    #expect(twinned.count >= 8)
    var compared = 0
    for pass in twinned {
        let twin = StillImagePass(engine: pass.engine.retailTwin, variant: pass.variant)
        let every = passes.readings(of: pass, using: detector).filter { RetailCodeVote.symbologies.contains($0.symbology) }
        let retail = passes.readings(of: twin, using: detector)
        #expect(retail.allSatisfy { RetailCodeVote.symbologies.contains($0.symbology) })
        #expect(every.map(\.payload) == retail.map(\.payload), "\(pass)")
        #expect(every.map(\.corners) == retail.map(\.corners), "\(pass)")
        compared += every.count
    }
    // Each photo's code is read by some of the passes compared.
    #expect(compared > 0)
}

/// A photo whose plain zxing-cpp pass reads codes that stand on their own checks is not read by
/// zbar (it would add nothing); an EAN/UPC, ITF, Codabar or Code 39 reading, or a sliver, still
/// gets zbar's plain pass.
@Test func zbarReadsNoPhotoThatZXingReadWithoutEANOrUPCCodes() throws {
    #expect(try detect("qrcode-1/1.webp").map(\.engines) == [["zxing"]])
    let retail = try detect("ean13-1/14.webp")
    #expect(retail.contains { $0.engines.contains("zbar") }, "\(retail.map(\.engines))")
    let reading = { (symbology: Symbology) in
        EngineReading(engine: .zxing, symbology: symbology, payload: [0x31], corners: [], symbolVersion: nil)
    }
    #expect(BarcodeDetector.zbarHasNothingToAdd(to: [reading(.qr_code), reading(.data_matrix), reading(.pdf417)]))
    #expect(BarcodeDetector.zbarHasNothingToAdd(to: [reading(.qr_code), reading(.code_128), reading(.databar)]))
    #expect(!BarcodeDetector.zbarHasNothingToAdd(to: [reading(.code_128), reading(.ean_13)]))
    #expect(!BarcodeDetector.zbarHasNothingToAdd(to: [reading(.upc_e)]))
    #expect(!BarcodeDetector.zbarHasNothingToAdd(to: [reading(.code_93), reading(.itf)]))
    var sliver = reading(.code_128)
    sliver.corners = [PixelPoint(x: 0, y: 10), PixelPoint(x: 90, y: 10), PixelPoint(x: 90, y: 11), PixelPoint(x: 0, y: 11)]
    #expect(!BarcodeDetector.zbarHasNothingToAdd(to: [sliver]))
    #expect(!BarcodeDetector.zbarHasNothingToAdd(to: []))
}

/// A pass run ahead of the strategy's asking (beside another, one on each core) counts for
/// nothing until asked for: zbar's reading of an EAN-13 printed white on black is not seen
/// by `hasWhiteOnBlackReading` while set aside, and is, the same readings as a pass run when
/// asked, once the strategy asks.
@Test func aPassSetAsideCountsOnlyOnceAskedFor() throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/ean13-1/14.webp").path
    let image = try ImageFile.readGray(path: FilePath(path)).inverted()
    let detector = BarcodeDetector()
    var inTurn = StillImagePasses(image: image)
    let zbar = inTurn.readings(of: .zbar(.original), using: detector)
    try #require(zbar.contains { $0.isWhiteOnBlack && RetailCodeVote.symbologies.contains($0.symbology) })
    var passes = StillImagePasses(image: image)
    passes.prefetch(.zxing(.original), settingAside: [.zbar(.original)], using: detector)
    #expect(!passes.hasWhiteOnBlackReading(among: RetailCodeVote.symbologies))
    #expect(passes.readings(of: .zbar(.original), using: detector) == zbar)
    #expect(passes.hasWhiteOnBlackReading(among: RetailCodeVote.symbologies))
    #expect(passes.readings(of: .zxing(.original), using: detector) == inTurn.readings(of: .zxing(.original), using: detector))
}

/// Passes run at once are started dearest first: an enlarged image's pass before the image's
/// own, zxing-cpp's every-format pass before its EAN/UPC-only twin.
@Test func theDearestPassesStartFirst() {
    let upscaled = StillImagePass.zxing(.upscaled), plain = StillImagePass.zxing(.original)
    let retail = StillImagePass(engine: .zxingRetail, variant: .original)
    #expect(upscaled.relativeCost > plain.relativeCost)
    #expect(plain.relativeCost > retail.relativeCost)
    #expect(StillImagePass.zbar(.downscaled).relativeCost < StillImagePass.zbar(.original).relativeCost)
}

/// A DataBar Stacked photographed out of focus (a webcam's picture, the code 140 px wide):
/// no pass reads it but the image deblurred along its rows for a blur of 2 px and enlarged,
/// and zxing-cpp's other binarizers on that image read the same number, which bears it out
/// (`confirmedInEscalation`).
@Test func aDefocusedDataBarStackedReadsDeblurredAlongItsRows() throws {
    #expect(try detect("rss14-2/22.webp").map(\.payloadText) == ["0100012345678905"])
    #expect(StillImagePass.escalation.contains(.zxing(.deblurredAlongRowsEnlarged(sigma: 2))))
}

/// A blurred Code 39 (zint's, enlarged by ImageMagick to about 3.4 px a module and blurred
/// by a Gaussian, scripts/bench-defocused-codes seed 3): zxing-cpp's fixed-threshold pass
/// finds a DataBar Stacked `0174852187522340` in its bars, which no later pass repeats, so
/// nothing is reported (its Code 39 reads on no pass either).
@Test func aDataBarThatOneEscalationPassFindsInACode39IsLeftOut() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/defocused-code39.png").path
    let readings = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(!readings.contains { $0.symbology == .databar_stacked || $0.symbology == .databar })
    #expect(readings.allSatisfy { $0.payloadText == "P8YWZJFWQW" })
    #expect(BarcodeDetector.confirmedInEscalation.isSuperset(of: [.databar, .databar_stacked, .databar_limited]))
}
