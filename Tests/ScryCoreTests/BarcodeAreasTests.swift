import ScryCore
import Testing

@Suite struct BarcodeAreasTests {
    let square = [PixelPoint(x: 100, y: 100), PixelPoint(x: 200, y: 100), PixelPoint(x: 200, y: 200), PixelPoint(x: 100, y: 200)]

    func frame(_ sequence: UInt64, at seconds: Double) throws -> Frame {
        try Frame(image: GrayImage(width: 4, height: 4, filledWith: 0), pixelFormat: .grey, sequence: sequence, timestampNanoseconds: UInt64(seconds * 1e9))
    }

    @Test func theSameFrameGetsItsOutlines() throws {
        let areas = BarcodeAreas()
        #expect(areas.outlines(for: try frame(1, at: 0)).isEmpty)
        areas.publish([square], in: try frame(1, at: 0))
        #expect(areas.outlines(for: try frame(1, at: 0)) == [square])
        // Another frame: only within the tolerance.
        #expect(areas.outlines(for: try frame(2, at: 0.5)).isEmpty)
        #expect(areas.outlines(for: try frame(2, at: 0.5), toleranceNanoseconds: 1_000_000_000) == [square])
        #expect(areas.outlines(for: try frame(9, at: 2), toleranceNanoseconds: 1_000_000_000).isEmpty)
    }

    @Test func aBoxIsCoveredWhenHalfOfItLiesOverACodeOrTheCodeUnderIt() {
        // A box around the whole code, larger than it.
        #expect(BarcodeAreas.covers([square], PixelRect(x: 60, y: 60, width: 180, height: 180)))
        #expect(BarcodeAreas.covers([square], PixelRect(x: 120, y: 120, width: 50, height: 20)))
        #expect(BarcodeAreas.covers([square], PixelRect(x: 150, y: 150, width: 100, height: 50)))  // half inside
        #expect(!BarcodeAreas.covers([square], PixelRect(x: 160, y: 150, width: 100, height: 50)))  // 40% inside
        #expect(!BarcodeAreas.covers([square], PixelRect(x: 100, y: 205, width: 100, height: 20)))  // the digits below
        #expect(!BarcodeAreas.covers([], PixelRect(x: 120, y: 120, width: 50, height: 20)))
    }
}
