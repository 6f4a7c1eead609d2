import Foundation
import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

@Test func formatListsParseLikeTheOutputNamesThem() throws {
    #expect(try BarcodeFormatSelection(parsing: "qr_code").symbologies == [.qr_code])
    #expect(try BarcodeFormatSelection(parsing: "QR_CODE, ean_13").symbologies == [.qr_code, .ean_13])
    // ML Kit's constant names.
    #expect(try BarcodeFormatSelection(parsing: "FORMAT_DATA_MATRIX,FORMAT_UPC_A").symbologies == [.data_matrix, .upc_a])
    #expect(try BarcodeFormatSelection(parsing: "all").isAll)
    #expect(try BarcodeFormatSelection(parsing: "pdf417,all").isAll)
    #expect(throws: BarcodeFormatSelection.ParseError.unknownName("qr")) { try BarcodeFormatSelection(parsing: "qr_code,qr") }
    // Add-ons are read beside their EAN/UPC code, not on their own.
    #expect(throws: BarcodeFormatSelection.ParseError.unknownName("ean_5")) { try BarcodeFormatSelection(parsing: "ean_5") }
    #expect(throws: BarcodeFormatSelection.ParseError.unknownName("")) { try BarcodeFormatSelection(parsing: "qr_code,") }
    let message = "\(BarcodeFormatSelection.ParseError.unknownName("qr"))"
    #expect(message.contains("'qr'") && message.contains("qr_code") && message.contains("upc_e") && !message.contains("ean_5"))
}

@Test func aUPCAIsTheEAN13ThatStartsWithZero() {
    let upcA = Array("0012345678905".utf8)
    let ean = Array("9780262033848".utf8)
    let onlyUPCA = BarcodeFormatSelection(symbologies: [.upc_a])
    let onlyEAN = BarcodeFormatSelection(symbologies: [.ean_13])
    #expect(onlyUPCA.admits(.ean_13, payload: upcA) && !onlyUPCA.admits(.ean_13, payload: ean))
    #expect(onlyEAN.admits(.ean_13, payload: ean) && !onlyEAN.admits(.ean_13, payload: upcA))
    #expect(BarcodeFormatSelection.all.admits(.ean_13, payload: upcA))
}

/// A QR code and an EAN-13 side by side, and a UPC-A below them (zint, 4 px per module).
private func threeCodes() throws -> GrayImage {
    let directory = try makeTemporaryDirectory()
    func zint(_ type: Int, _ data: String) throws -> String {
        let path = directory.appendingPathComponent("\(type).png").path
        try runTool("zint", ["--barcode=\(type)", "--scale=2", "--quietzones", "--data=\(data)", "--output=\(path)"])
        return path
    }
    let sheet = directory.appendingPathComponent("sheet.png").path
    try runTool("convert", [
        "-size", "1280x720", "xc:white", try zint(58, "Hello Scry"), "-geometry", "+60+60", "-composite",
        try zint(13, "978026203384"), "-geometry", "+600+60", "-composite",
        try zint(34, "01234567890"), "-geometry", "+600+400", "-composite", sheet,
    ])
    return try ImageFile.readGray(path: FilePath(sheet))
}

@Test(arguments: [BarcodeDetector.Profile.stillImage, .video])
func onlyTheSelectedSymbologiesAreReported(_ profile: BarcodeDetector.Profile) throws {
    let image = try threeCodes()
    func payloads(_ list: String) throws -> [String] {
        let detector = BarcodeDetector(profile: profile, selection: try BarcodeFormatSelection(parsing: list))
        return detector.detect(in: image).compactMap(\.payloadText).sorted()
    }
    #expect(try payloads("all") == ["0012345678905", "9780262033848", "Hello Scry"])
    #expect(try payloads("qr_code") == ["Hello Scry"])
    #expect(try payloads("ean_13") == ["9780262033848"])
    #expect(try payloads("upc_a") == ["0012345678905"])
    #expect(try payloads("ean_13,upc_a,upc_e") == ["0012345678905", "9780262033848"])
    #expect(try payloads("data_matrix,code_128").isEmpty)
}
