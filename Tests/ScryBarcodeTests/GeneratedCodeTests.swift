import Foundation
import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// A code zint generates, and what reading it must give.
struct GeneratedCode: CustomTestStringConvertible, Sendable {
    var zintType: Int
    var data: String
    var symbology: Symbology
    var payload: String
    var extraArguments: [String] = []
    var testDescription: String { "\(symbology.rawValue) \(data)" }
}

/// Every symbology zint can make that zxing-cpp reads. zint's scale 2 gives 4 px per module.
let generatedCodes: [GeneratedCode] = [
    GeneratedCode(zintType: 58, data: "Hello Scry", symbology: .qr_code, payload: "Hello Scry"),
    GeneratedCode(zintType: 97, data: "12345", symbology: .micro_qr_code, payload: "12345"),
    GeneratedCode(zintType: 145, data: "SCRY", symbology: .rmqr_code, payload: "SCRY"),
    GeneratedCode(zintType: 71, data: "Scry DataMatrix", symbology: .data_matrix, payload: "Scry DataMatrix"),
    GeneratedCode(zintType: 92, data: "Scry Aztec", symbology: .aztec, payload: "Scry Aztec"),
    GeneratedCode(zintType: 55, data: "Scry PDF417", symbology: .pdf417, payload: "Scry PDF417"),
    GeneratedCode(zintType: 56, data: "Scry compact", symbology: .pdf417, payload: "Scry compact"),
    GeneratedCode(zintType: 84, data: "Scry micro", symbology: .micro_pdf417, payload: "Scry micro"),
    GeneratedCode(zintType: 57, data: "Scry MaxiCode", symbology: .maxicode, payload: "Scry MaxiCode", extraArguments: ["--mode=4"]),
    // zint takes 12 digits and adds the check digit.
    GeneratedCode(zintType: 13, data: "978026203384", symbology: .ean_13, payload: "9780262033848"),
    GeneratedCode(zintType: 13, data: "1234567", symbology: .ean_8, payload: "12345670"),
    // UPC-A is an EAN-13 with a leading 0, and is reported as such.
    GeneratedCode(zintType: 34, data: "01234567890", symbology: .ean_13, payload: "0012345678905"),
    // UPC-E comes out in its 13-digit EAN form.
    GeneratedCode(zintType: 37, data: "0123456", symbology: .upc_e, payload: "0012345000065"),
    GeneratedCode(zintType: 20, data: "Scry-128", symbology: .code_128, payload: "Scry-128"),
    GeneratedCode(zintType: 16, data: "[01]98898765432106", symbology: .code_128, payload: "0198898765432106"),
    GeneratedCode(zintType: 8, data: "SCRY39", symbology: .code_39, payload: "SCRY39"),
    GeneratedCode(zintType: 25, data: "SCRY93", symbology: .code_93, payload: "SCRY93"),
    GeneratedCode(zintType: 18, data: "A123456B", symbology: .codabar, payload: "A123456B"),
    GeneratedCode(zintType: 3, data: "12345678", symbology: .itf, payload: "12345678"),
    GeneratedCode(zintType: 89, data: "1234567890123", symbology: .itf, payload: "12345678901231"),
    GeneratedCode(zintType: 29, data: "1234567890123", symbology: .databar, payload: "0112345678901231"),
    GeneratedCode(zintType: 30, data: "1234567890123", symbology: .databar_limited, payload: "0112345678901231"),
    GeneratedCode(zintType: 79, data: "1234567890123", symbology: .databar_stacked, payload: "0112345678901231"),
    GeneratedCode(zintType: 31, data: "[01]98898765432106[3202]012345", symbology: .databar_expanded, payload: "01988987654321063202012345"),
    GeneratedCode(zintType: 81, data: "[01]98898765432106[3202]012345", symbology: .databar_expanded_stacked, payload: "01988987654321063202012345"),
    GeneratedCode(zintType: 32, data: "Scry", symbology: .telepen, payload: "Scry"),
]

/// Renders `code` with zint into a temporary PNG and reads it back as gray.
func render(_ code: GeneratedCode, scale: Int = 2, in directory: URL) throws -> GrayImage {
    let path = directory.appendingPathComponent("\(code.zintType)-\(code.data.hashValue).png").path
    try runTool("zint", ["--barcode=\(code.zintType)", "--scale=\(scale)", "--quietzones",
                         "--data=\(code.data)", "--output=\(path)"] + code.extraArguments)
    return try ImageFile.readGray(path: FilePath(path))
}

@Test(arguments: generatedCodes)
func everyGeneratedSymbologyReads(_ code: GeneratedCode) throws {
    let image = try render(code, in: try makeTemporaryDirectory())
    let found = BarcodeDetector().detect(in: image)
    try #require(found.count == 1, "found \(found.map { "\($0.symbology) \($0.payloadText ?? "?")" })")
    #expect(found[0].symbology == code.symbology)
    #expect(found[0].payloadText == code.payload)
    // The symbol lies inside the image.
    let box = found[0].pixelBounds
    #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= Double(image.width) + 1)
    #expect(box.y + box.height <= Double(image.height) + 1)
}

/// Both engines read the QR and EAN/UPC codes alike; the still detector reports an EAN/UPC
/// code as read by both, and a QR code as zxing-cpp's alone (zbar's pass is skipped where
/// zxing-cpp read error-corrected codes only: `BarcodeDetector.zbarHasNothingToAdd`).
@Test func zbarAndZXingAgreeOnQRAndEAN() throws {
    let directory = try makeTemporaryDirectory()
    for code in generatedCodes where ZBarScanner.symbologies.contains(code.symbology) {
        let image = try render(code, in: directory)
        let found = BarcodeDetector().detect(in: image)
        let zbar = ZBarScanner().read(image)
        #expect(zbar.map { String(decoding: $0.payload, as: UTF8.self) } == found.map(\.payloadText), "\(code.testDescription)")
        let expected = code.symbology == .qr_code ? [["zxing"]] : [["zbar", "zxing"]]
        #expect(found.map(\.engines) == expected, "\(code.testDescription)")
    }
}

@Test func zbarAloneReadsTheSecondOpinionSymbologies() throws {
    let directory = try makeTemporaryDirectory()
    let scanner = ZBarScanner()
    for code in generatedCodes where ZBarScanner.symbologies.contains(code.symbology) {
        let readings = scanner.read(try render(code, in: directory))
        #expect(readings.map(\.symbology) == [code.symbology], "\(code.testDescription)")
        #expect(readings.map { String(decoding: $0.payload, as: UTF8.self) } == [code.payload])
    }
}

@Test func invertedCodesRead() throws {
    let image = try render(generatedCodes[0], in: try makeTemporaryDirectory())
    var inverted = image
    inverted.pixels = image.pixels.map { 255 - $0 }
    #expect(BarcodeDetector().detect(in: inverted).map(\.payloadText) == ["Hello Scry"])
}

/// Every symbology printed light on dark (a label in dark mode, a phone's screen) is read by
/// the still strategy: on the image's negative where the engines read nothing as it is
/// (zxing-cpp 3.1.1 inverts only QR, Data Matrix and Aztec codes, zbar only EAN/UPC ones).
/// MaxiCode aside: its 638x604 picture is large enough to be read further only where zxing-cpp
/// sees a trace of a code (`mayHoldACode`), and it leaves none of a MaxiCode.
@Test(arguments: generatedCodes.filter { $0.symbology != .maxicode })
func everyGeneratedSymbologyReadsWhiteOnBlack(_ code: GeneratedCode) throws {
    let found = BarcodeDetector().detect(in: try render(code, in: try makeTemporaryDirectory()).inverted())
    #expect(found.map(\.symbology) == [code.symbology])
    #expect(found.map(\.payloadText) == [code.payload])
}

/// zbar rescans the negative of an image in which it finds nothing, and says so: a
/// white-on-black EAN/UPC code is marked, a dark-on-light one is not.
@Test func zbarMarksWhatItReadWhiteOnBlack() throws {
    let directory = try makeTemporaryDirectory()
    let scanner = ZBarScanner()
    for code in generatedCodes where RetailCodeVote.symbologies.contains(code.symbology) {
        let image = try render(code, in: directory)
        #expect(scanner.read(image).map(\.isWhiteOnBlack) == [false], "\(code.testDescription)")
        let inverted = scanner.read(image.inverted())
        #expect(inverted.map(\.isWhiteOnBlack) == [true], "\(code.testDescription)")
        #expect(inverted.map { String(decoding: $0.payload, as: UTF8.self) } == [code.payload])
    }
}

/// A white-on-black EAN/UPC code is read on the image's negative, where zxing-cpp reads it
/// too: both engines agree on it, as on the code dark on light.
@Test func whiteOnBlackRetailCodesAreReadByBothEngines() throws {
    let directory = try makeTemporaryDirectory()
    for code in generatedCodes where RetailCodeVote.symbologies.contains(code.symbology) {
        let found = BarcodeDetector().detect(in: try render(code, in: directory).inverted())
        #expect(found.map(\.payloadText) == [code.payload], "\(code.testDescription)")
        #expect(found.map(\.engines) == [["zbar", "zxing"]], "\(code.testDescription)")
    }
}

@Test func blankImagesHoldNoCodes() {
    #expect(BarcodeDetector().detect(in: GrayImage(width: 640, height: 480, filledWith: 255)).isEmpty)
    #expect(BarcodeDetector().detect(in: GrayImage(width: 1, height: 1, filledWith: 0)).isEmpty)
}
