import Foundation
import ScryCore
import ScryImageIO
import SystemPackage
import Testing

@testable import ScryBarcode

@Test func theTurnLeavesTheImageLeaningALittleOrStraight() {
    func tilt(_ degrees: Double, _ coherence: Double) -> ImageTilt { ImageTilt(degrees: degrees, coherence: coherence) }
    // Leaning enough: turned straight.
    #expect(StackedDataBarCheck.turnDegrees(for: tilt(4.1, 0.8)) == 4.1)
    #expect(StackedDataBarCheck.turnDegrees(for: tilt(-2, 0.8)) == -2)
    // Nearly straight: turned on past straight, to lean by 1.5 degrees the other way.
    #expect(abs(StackedDataBarCheck.turnDegrees(for: tilt(0.6, 0.8)) - -0.9) < 1e-9)
    #expect(abs(StackedDataBarCheck.turnDegrees(for: tilt(-0.5, 0.8)) - 1.0) < 1e-9)
    // Edges leaning every way: the lean is unknown, and the turn is 1.5 degrees.
    #expect(StackedDataBarCheck.turnDegrees(for: tilt(20, 0.05)) == 1.5)
}

/// A DataBar Stacked Omnidirectional code drawn by zint at 2 px a module, on a card seen in
/// perspective by ImageMagick, shrunk to 255x240 (1.7 px a module), defocused, with noise
/// (scripts/bench-stacked-photos, seed 5). zxing-cpp reads the printed number across its
/// rows, and from scan lines within its lower row another that passes the checks; the image
/// turned a little reads the printed one alone, and so does the detector.
@Test func aStackedCodeReadTwoWaysReportsThePrintedNumberAlone() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/stacked-omni-read-twice.jpg").path
    let image = try ImageFile.readGray(path: FilePath(path))
    let detector = BarcodeDetector()
    var passes = StillImagePasses(image: image)
    let plain = passes.readings(of: .zxing(.original), using: detector)
    #expect(Set(plain.map { String(decoding: $0.payload, as: UTF8.self) }) == ["0169070293137588", "0164191755722564"])
    #expect(plain.allSatisfy { $0.symbology == .databar_stacked })
    let readings = detector.detect(in: image)
    #expect(readings.map { String(decoding: $0.payload, as: UTF8.self) } == ["0169070293137588"])
}
