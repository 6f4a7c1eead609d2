import ScryBarcode
import ScryCore
import Testing

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
