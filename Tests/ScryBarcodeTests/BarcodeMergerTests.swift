import ScryBarcode
import ScryCore
import Testing

/// A reading by `engine` of `payload` over the box from (x, y), `width` by `height` pixels.
private func reading(
    _ engine: BarcodeEngine, _ symbology: Symbology, _ payload: String,
    x: Double = 40, y: Double = 90, width: Double = 240, height: Double = 70
) -> EngineReading {
    EngineReading(
        engine: engine, symbology: symbology, payload: Array(payload.utf8),
        corners: [
            PixelPoint(x: x, y: y), PixelPoint(x: x + width, y: y),
            PixelPoint(x: x + width, y: y + height), PixelPoint(x: x, y: y + height),
        ], symbolVersion: nil)
}

private func payloads(_ merged: [MergedReading]) -> [String] {
    merged.map { String(decoding: $0.reading.payload, as: UTF8.self) }
}

/// Two engines reading the same payload at one place make one barcode read by both.
@Test func theSameCodeReadByBothEnginesIsOneBarcode() {
    let merged = BarcodeMerger.merge([reading(.zbar, .code_128, "SCRY-42"), reading(.zxing, .code_128, "SCRY-42", x: 44)])
    #expect(payloads(merged) == ["SCRY-42"])
    #expect(merged.first?.engines == [.zbar, .zxing])
}

/// An ITF read along a row where another code covers its end gives the digits up to there
/// (a piece: `996204` of `99620461`); read along a clean row at the same place it gives the
/// whole code, which stands whichever reading came first. A piece read at another place is
/// another code.
@Test func aPieceOfAnUncheckedCodeGivesWayToTheWholeCodeAtItsPlace() {
    let piece = reading(.zxing, .itf, "996204", y: 48, height: 1)
    let whole = reading(.zxing, .itf, "99620461", y: 92, height: 70)
    #expect(payloads(BarcodeMerger.merge([piece, whole])) == ["99620461"])
    #expect(payloads(BarcodeMerger.merge([whole, piece])) == ["99620461"])
    #expect(BarcodeMerger.merge([piece, whole]).first?.engines == [.zxing])
    let elsewhere = reading(.zxing, .itf, "996204", x: 600, y: 400)
    #expect(Set(payloads(BarcodeMerger.merge([whole, elsewhere]))) == ["99620461", "996204"])
}

/// Two readings of a code with no check character at one place that differ otherwise (a
/// module flipped makes other valid characters in one row) leave nothing to tell the right one
/// by: both are left out. A code with a check keeps zxing-cpp's reading, as before.
@Test func twoReadingsOfAnUncheckedCodeThatDisagreeAreBothLeftOut() {
    for symbology in [Symbology.itf, .codabar, .code_39] {
        let a = reading(.zxing, symbology, symbology == .codabar ? "A4317B" : "336418")
        let b = reading(.zbar, symbology, symbology == .codabar ? "A4817B" : "336412", x: 46)
        #expect(BarcodeMerger.merge([a, b]).isEmpty, "\(symbology)")
        #expect(BarcodeMerger.merge([b, a]).isEmpty, "\(symbology)")
    }
    let checked = BarcodeMerger.merge([reading(.zbar, .code_128, "SCRY-43"), reading(.zxing, .code_128, "SCRY-42")])
    #expect(payloads(checked) == ["SCRY-42"])
    #expect(checked.first?.engines == [.zxing])
}
