import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

@testable import ScryBarcode

/// A PDF417 reading of `text` whose corners place it at `x`, 300 px wide and 60 high.
private func pdf417(_ text: String, at x: Double = 100) -> EngineReading {
    EngineReading(
        engine: .zxing, symbology: .pdf417, payload: Array(text.utf8),
        corners: [PixelPoint(x: x, y: 50), PixelPoint(x: x + 300, y: 50), PixelPoint(x: x + 300, y: 110), PixelPoint(x: x, y: 110)],
        symbolVersion: nil
    )
}

/// The image a half turn round reads another text at the reading's place: one of the two
/// readings is a misdecode that passed the error correction, and neither is trusted.
@Test func anotherTextAHalfTurnRoundContradicts() {
    #expect(HalfTurnCheck.contradicts(pdf417("Scry PDF417 DRJGUHNA8I3EH0"), turnedReadings: [pdf417("PBNZHBVTMRF EBH 390")]))
}

/// The same text, nothing, or another text elsewhere in the image: no contradiction.
@Test func theSameTextNothingOrAnotherSymbolDoNotContradict() {
    let reading = pdf417("Scry PDF417 WC2NVWDLMJ9T")
    #expect(!HalfTurnCheck.contradicts(reading, turnedReadings: [pdf417("Scry PDF417 WC2NVWDLMJ9T")]))
    #expect(!HalfTurnCheck.contradicts(reading, turnedReadings: []))
    #expect(!HalfTurnCheck.contradicts(reading, turnedReadings: [pdf417("another label", at: 700)]))
    // A second reading at the place with the same text settles it.
    #expect(!HalfTurnCheck.contradicts(reading, turnedReadings: [pdf417("other"), pdf417("Scry PDF417 WC2NVWDLMJ9T")]))
    var qr = pdf417("other")
    qr.symbology = .qr_code
    #expect(!HalfTurnCheck.contradicts(reading, turnedReadings: [qr]))
}

/// The eval set's pdf417-1/03-rot90 (a PDF417 of "ActiveBarcode" lying on its side) turned a
/// few degrees either way: askew, zxing-cpp can decode a symbol to another text that passes
/// its error correction (Pillow's turn by 6 degrees read "XES QAE715/52+"). Whatever the
/// turn, the still path reports the printed text or nothing.
@Test func aPDF417TurnedAFewDegreesReadsItsTextOrNothing() throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/pdf417-1/03-rot90.png").path
    let photo = try ImageFile.readGray(path: FilePath(path))
    var read = 0
    for degrees in stride(from: -12.0, through: 12.0, by: 1.5) {
        let turned = TiltedImage(photo, turnedBy: degrees).image
        let payloads = BarcodeDetector().detect(in: turned).map { String(decoding: $0.payload, as: UTF8.self) }
        #expect(payloads.allSatisfy { $0 == "ActiveBarcode" }, "turned \(degrees): \(payloads)")
        if payloads == ["ActiveBarcode"] { read += 1 }
    }
    // Most turns still read it (the look turned straight again reads what the plain passes miss).
    #expect(read >= 12, "\(read) of 17 turns read")
}

/// A PDF417 of "ENQPMQIL286CQKCULa" drawn by zint (security level 2, one data column, 1 px a
/// module), lying on its side and turned 9 degrees by Pillow (bicubic): zxing-cpp reads it as
/// "UEJKGZJis nywqkolfrf", passing the error correction, and nothing a half turn round. Turned
/// straight by the lean of its edges, the image does not read that text: it is left out.
@Test func anAskewPDF417MisreadIsLeftOutUnlessTheStraightenedImageReadsItToo() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/askew-pdf417.png").path
    let image = try ImageFile.readGray(path: FilePath(path))
    #expect(ImageTilt(of: image).isWorthTurning)
    let payloads = BarcodeDetector().detect(in: image).map { String(decoding: $0.payload, as: UTF8.self) }
    #expect(payloads.allSatisfy { $0 == "ENQPMQIL286CQKCULa" }, "\(payloads)")
    let misread = pdf417("UEJKGZJis nywqkolfrf")
    #expect(!HalfTurnCheck.confirms(misread, straightenedReadings: []))
    #expect(!HalfTurnCheck.confirms(misread, straightenedReadings: [pdf417("ENQPMQIL286CQKCULa")]))
    #expect(!HalfTurnCheck.confirms(misread, straightenedReadings: [pdf417("UEJKGZJis nywqkolfrf", at: 600)]))
    #expect(HalfTurnCheck.confirms(misread, straightenedReadings: [pdf417("UEJKGZJis nywqkolfrf", at: 102)]))
}
