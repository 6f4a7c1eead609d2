import Foundation
import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// A code with no check character, as zint draws it.
struct UncheckedCode: Sendable, CustomTestStringConvertible {
    var symbology: Symbology
    var zintType: Int
    var data: String
    /// A shorter code of the same symbology that a piece of this one could pass for: its last
    /// characters.
    var piece: String
    var testDescription: String { "\(symbology.rawValue) \(data)" }
}

let uncheckedCodes = [
    UncheckedCode(symbology: .itf, zintType: 3, data: "202994336418", piece: "336418"),
    UncheckedCode(symbology: .codabar, zintType: 18, data: "A272004317B", piece: "A4317B"),
    UncheckedCode(symbology: .code_39, zintType: 8, data: "SCRY42PIECE", piece: "PIECE"),
]

/// `data` drawn by zint at 2 px per module (its scale 1) with its quiet zones, no text under it.
private func drawn(zintType: Int, data: String, in directory: URL) throws -> GrayImage {
    let path = directory.appendingPathComponent("code-\(zintType).png").path
    try runTool("zint", ["--barcode=\(zintType)", "--scale=1", "--quietzones", "--notext",
                         "--data=\(data)", "--output=\(path)"])
    return try ImageFile.readGray(path: FilePath(path))
}

/// The first and last columns of `image` with a dark pixel.
private func barColumns(of image: GrayImage) -> (first: Int, last: Int) {
    let dark = (0..<image.width).filter { x in (0..<image.height).contains { image[x, $0] < 128 } }
    return (dark.first ?? 0, dark.last ?? 0)
}

/// `image` with its columns `range` replaced by `value` over the whole height.
private func painted(_ image: GrayImage, columns range: Range<Int>, value: UInt8) -> GrayImage {
    var copy = image
    for y in 0..<image.height {
        for x in range where x >= 0 && x < image.width { copy.pixels[y * image.width + x] = value }
    }
    return copy
}

/// The readings of every still and video pass: the still detector, then four frames of the
/// video profile (its frames take turns at reading).
private func everyPassReads(_ image: GrayImage) -> Set<String> {
    let video = BarcodeDetector(profile: .video)
    let readings = BarcodeDetector().detect(in: image) + (0..<4).flatMap { _ in video.detect(in: image) }
    return Set(readings.map { $0.payloadText ?? "<bytes>" })
}

/// A piece of a longer code, placed where the piece's characters end the code (the right-hand
/// part of it), is left out: the code's other bars follow its left end. The whole code stands
/// on its quiet zones and is kept.
@Test(arguments: uncheckedCodes)
func aPieceOfALongerCodeIsLeftOutAndTheWholeCodeKept(_ code: UncheckedCode) throws {
    let image = try drawn(zintType: code.zintType, data: code.data, in: try makeTemporaryDirectory())
    let whole = BarcodeDetector().detect(in: image)
    try #require(whole.map(\.payloadText) == [code.data])
    let (first, last) = barColumns(of: image)
    let height = Double(image.height)
    func reading(_ payload: String, from left: Double) -> EngineReading {
        EngineReading(
            engine: .zxing, symbology: code.symbology, payload: Array(payload.utf8),
            corners: [
                PixelPoint(x: left, y: height * 0.3), PixelPoint(x: Double(last), y: height * 0.3),
                PixelPoint(x: Double(last), y: height * 0.7), PixelPoint(x: left, y: height * 0.7),
            ], symbolVersion: nil)
    }
    #expect(UncheckedCodePieces.admits(reading(code.data, from: Double(first)), readBy: [.zxing], in: image))
    // The piece as long as its own module count says, at zint's 2 px a module.
    let modules = try #require(ModuleCount.across(symbology: code.symbology, payload: Array(code.piece.utf8), version: nil))
    let pieceStart = Double(last) - 2 * Double(modules)
    try #require(pieceStart > Double(first) + 20)
    #expect(!UncheckedCodePieces.admits(reading(code.piece, from: pieceStart), readBy: [.zxing], in: image))
}

/// A picture cropped to a code's first and last bars shows no bars beyond its ends: the code is
/// read (the picture's edge proves nothing either way). So is a code with a frame line printed
/// five and a half modules from its first bar, within the zone looked at (one line, not the
/// bars of a longer code; closer, zxing-cpp itself reads nothing).
@Test(arguments: uncheckedCodes)
func aCodeCroppedCloseOrFramedIsRead(_ code: UncheckedCode) throws {
    let image = try drawn(zintType: code.zintType, data: code.data, in: try makeTemporaryDirectory())
    let (first, last) = barColumns(of: image)
    // Cropped: every row, from the first bar's column to the last bar's.
    var cropped = GrayImage(width: last - first + 1, height: image.height, filledWith: 255)
    for y in 0..<image.height {
        for x in first...last { cropped.pixels[y * cropped.width + x - first] = image[x, y] }
    }
    #expect(BarcodeDetector().detect(in: cropped).map(\.payloadText) == [code.data])
    let framed = painted(image, columns: (first - 13)..<(first - 11), value: 0)
    #expect(BarcodeDetector().detect(in: framed).map(\.payloadText) == [code.data])
}

/// An ITF of four digits in a picture larger than it, as a piece of a longer ITF cut where a
/// stop pattern happens to end looks, is not read; in a picture that is its own (cropped within
/// its quiet zones, as the picture of a short label may be) it is, and so it is anywhere
/// when the run looks for ITF alone. Six digits are read anywhere.
@Test func aShortITFIsReadInItsOwnPictureOrWhenAskedForAlone() throws {
    let directory = try makeTemporaryDirectory()
    let short = try drawn(zintType: 3, data: "3861", in: directory)
    let (first, last) = barColumns(of: short)
    // At zint's 2 px a module: 40 modules of paper round the code.
    var large = GrayImage(width: short.width + 160, height: short.height + 160, filledWith: 255)
    for y in 0..<short.height {
        for x in 0..<short.width { large.pixels[(y + 80) * large.width + x + 80] = short[x, y] }
    }
    #expect(BarcodeDetector().detect(in: large).isEmpty)
    #expect(BarcodeDetector(selection: BarcodeFormatSelection(symbologies: [.itf])).detect(in: large).map(\.payloadText) == ["3861"])
    // Cropped to a module and a half either side of its bars.
    var own = GrayImage(width: last - first + 7, height: short.height, filledWith: 255)
    for y in 0..<short.height {
        for x in first...last { own.pixels[y * own.width + x - first + 3] = short[x, y] }
    }
    #expect(BarcodeDetector().detect(in: own).map(\.payloadText) == ["3861"])
    let six = try drawn(zintType: 3, data: "386186", in: directory)
    var sixLarge = GrayImage(width: six.width + 160, height: six.height + 160, filledWith: 255)
    for y in 0..<six.height {
        for x in 0..<six.width { sixLarge.pixels[(y + 80) * sixLarge.width + x + 80] = six[x, y] }
    }
    #expect(BarcodeDetector().detect(in: sixLarge).map(\.payloadText) == ["386186"])
}

/// The wrong-read hunt's damage, swept across each code: one module (2 px) flipped over the
/// bars' whole height, at every third module from the first bar to the last. Every still and
/// video pass reads each damaged code as printed or not at all (scripts/hunt-wrong-reads does
/// the same on 2,040 generated codes of twelve symbologies, photographed).
@Test(arguments: uncheckedCodes.map { ($0.zintType, $0.data) } + [(13, "590123412345"), (20, "SCRY-128-PIECE")])
func aCodeWithAModuleFlippedReadsAsPrintedOrNotAtAll(_ zintType: Int, _ data: String) throws {
    let image = try drawn(zintType: zintType, data: data, in: try makeTemporaryDirectory())
    // zint takes an EAN-13 without its check digit.
    let printed = zintType == 13 ? data + "7" : data
    try #require(BarcodeDetector().detect(in: image).map(\.payloadText) == [printed])
    let (first, last) = barColumns(of: image)
    var damaged = 0
    for x in stride(from: first, through: last - 2, by: 6) {
        let flipped = painted(image, columns: x..<(x + 2), value: image[x, image.height / 2] < 128 ? 255 : 0)
        let read = everyPassReads(flipped)
        #expect(read.isSubset(of: [printed]), "module at x = \(x): \(read.sorted())")
        damaged += 1
    }
    #expect(damaged >= 15)
}

/// An EAN-13 that one engine alone read is a piece of a longer code where two bars follow its
/// end within `retailZoneModules` (an EAN-13 pattern inside a Code 128 whose next bars lie a
/// wide space on); an add-on's first bar, 7 modules on or more, is one bar there, and two
/// engines' reading stands whatever is printed beside it.
@Test func anEANCodeWithBarsInItsQuietZoneIsAPieceOfALongerCode() throws {
    let image = try drawn(zintType: 13, data: "590123412345", in: try makeTemporaryDirectory())
    let (first, last) = barColumns(of: image)
    let height = Double(image.height)
    let reading = EngineReading(
        engine: .zxing, symbology: .ean_13, payload: Array("5901234123457".utf8),
        corners: [
            PixelPoint(x: Double(first), y: height * 0.3), PixelPoint(x: Double(last), y: height * 0.3),
            PixelPoint(x: Double(last), y: height * 0.7), PixelPoint(x: Double(first), y: height * 0.7),
        ], symbolVersion: nil)
    try #require(UncheckedCodePieces.admits(reading, readBy: [.zxing], in: image))
    // At zint's 2 px a module: bars a module wide from 5 and 6.5 modules past the last bar.
    let barsOn = painted(painted(image, columns: (last + 11)..<(last + 13), value: 0), columns: (last + 14)..<(last + 16), value: 0)
    #expect(!UncheckedCodePieces.admits(reading, readBy: [.zxing], in: barsOn))
    #expect(!UncheckedCodePieces.admits(reading, readBy: [.zbar], in: barsOn))
    #expect(UncheckedCodePieces.admits(reading, readBy: [.zxing, .zbar], in: barsOn))
    // An add-on's guard (1011) 7 modules past the last bar.
    let addOn = painted(painted(image, columns: (last + 15)..<(last + 17), value: 0), columns: (last + 19)..<(last + 23), value: 0)
    #expect(UncheckedCodePieces.admits(reading, readBy: [.zxing], in: addOn))
}
