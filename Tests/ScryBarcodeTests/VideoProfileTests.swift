import Foundation
@testable import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// `code` drawn by zint at 2 px per module (turned by `degrees`), on a 1280x720 frame.
private func frame(_ code: GeneratedCode, degrees: Int = 0, in directory: URL) throws -> GrayImage {
    let symbol = directory.appendingPathComponent("\(code.zintType)-symbol.png").path
    let path = directory.appendingPathComponent("\(code.zintType)-\(degrees).png").path
    try runTool("zint", ["--barcode=\(code.zintType)", "--scale=1", "--quietzones",
                         "--data=\(code.data)", "--output=\(symbol)"] + code.extraArguments)
    try runTool("convert", ["-size", "1280x720", "xc:white", "(", symbol, "-background", "white", "-rotate", "\(degrees)", ")",
                            "-gravity", "center", "-composite", "-colorspace", "Gray", path])
    return try ImageFile.readGray(path: FilePath(path))
}

/// The live lane reads every generated symbology at 2 px per module in the first frame, and
/// turned a quarter either way within four frames (frames take turns at reading turned
/// views).
@Test(arguments: generatedCodes)
func theVideoProfileReadsEverySymbologyAtTwoPixelsPerModule(_ code: GeneratedCode) throws {
    let directory = try makeTemporaryDirectory()
    let upright = try frame(code, in: directory)
    let detector = BarcodeDetector(profile: .video)
    let first = detector.detect(in: upright)
    #expect(first.map(\.payloadText) == [code.payload], "upright")
    var readings = first
    for degrees in [90, -90] {
        let turned = try frame(code, degrees: degrees, in: directory)
        let seen = (0..<4).flatMap { _ in detector.detect(in: turned) }
        #expect(Set(seen.map(\.payloadText)) == [code.payload], "turned \(degrees)")
        readings += seen
    }
    for reading in readings {
        let box = reading.pixelBounds
        #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 720)
        // Centred on the frame, as drawn.
        #expect(abs(box.centre.x - 640) < 40 && abs(box.centre.y - 360) < 40, "\(box)")
    }
}

/// A retail code gets zbar's second opinion around it: both engines in one frame.
@Test func retailCodesGetASecondOpinionInTheFirstFrame() throws {
    let code = GeneratedCode(zintType: 13, data: "978026203384", symbology: .ean_13, payload: "9780262033848")
    let found = BarcodeDetector(profile: .video).detect(in: try frame(code, in: try makeTemporaryDirectory()))
    #expect(found.map(\.engines) == [["zbar", "zxing"]])
}

/// A white-on-black QR code (a phone in dark mode) is read within eight frames.
@Test func anInvertedQRCodeIsReadWithinEightFrames() throws {
    let code = GeneratedCode(zintType: 58, data: "Hello Scry", symbology: .qr_code, payload: "Hello Scry")
    var image = try frame(code, in: try makeTemporaryDirectory())
    image.pixels = image.pixels.map { 255 - $0 }
    let detector = BarcodeDetector(profile: .video)
    let readings = (0..<8).map { _ in detector.detect(in: image).map(\.payloadText) }
    #expect(readings.filter { $0 == ["Hello Scry"] }.count == 1 && readings.allSatisfy { $0.count <= 1 })
}

/// On a frame with heavy sensor noise (sigma 8, which the video profile reads smoothed), each
/// code is read in the first frame as on the clean frame, its corners within a pixel of the
/// clean frame's (a linear code's along the code: where scan lines succeed across its bars
/// depends on the noise).
@Test(arguments: generatedCodes.filter {
    [.qr_code, .data_matrix, .aztec, .pdf417, .code_128, .ean_13].contains($0.symbology)
})
func aNoisyFrameIsReadAsItsCleanTwinIs(_ code: GeneratedCode) throws {
    // Paper at 200 and ink at 40, as an exposed camera sees them, so the noise is not clipped.
    var clean = try frame(code, in: try makeTemporaryDirectory())
    clean.pixels = clean.pixels.map { UInt8(40 + Int($0) * 160 / 255) }
    let noisy = clean.withGaussianNoise(sigma: 8, seed: 17)
    #expect(noisy.noiseSigma() >= 5)
    let expected = BarcodeDetector(profile: .video).detect(in: clean)
    let found = BarcodeDetector(profile: .video).detect(in: noisy)
    #expect(expected.map(\.payloadText) == [code.payload], "the clean twin")
    #expect(found.map(\.payloadText) == [code.payload])
    guard let reading = found.first, let twin = expected.first, found.count == 1 else { return }
    let linear = [.code_128, .ean_13].contains(code.symbology)
    for (corner, cleanCorner) in zip(reading.corners, twin.corners) {
        #expect(abs(corner.x - cleanCorner.x) <= 1 && (linear || abs(corner.y - cleanCorner.y) <= 1), "\(corner) \(cleanCorner)")
    }
}

/// A frame's passes shared between the cores read what they read one after another: the
/// same readings in the same order, frame by frame, through every kind of frame (upright with
/// the columns, turned each way, the inverted QR pass), on codes each pass reads (a QR code, a
/// Data Matrix and a PDF417 turned a quarter, a Code 128 on its side, an EAN-13 with zbar's
/// second opinion), clean and with the sensor noise the passes smooth.
@Test func aFramesPassesSharedReadWhatTheyReadInTurn() throws {
    let directory = try makeTemporaryDirectory()
    let codes = generatedCodes.filter { [.qr_code, .data_matrix, .pdf417, .code_128, .ean_13].contains($0.symbology) }
    var frames: [GrayImage] = []
    for (index, code) in codes.enumerated() {
        let drawn = try frame(code, degrees: [0, 90, -90][index % 3], in: directory)
        frames.append(drawn)
        frames.append(drawn.withGaussianNoise(sigma: 8, seed: UInt64(index)))
    }
    let shared = BarcodeDetector(profile: .video), inTurn = BarcodeDetector(profile: .video)
    var read: Set<String> = []
    for (index, frame) in frames.enumerated() {
        // Four frames each: ten frames at four rounds fall on every kind of frame.
        for round in 0..<4 {
            let sharedReadings = shared.detect(in: frame)
            let inTurnReadings = PassSharing.alone { inTurn.detect(in: frame) }
            #expect(sharedReadings == inTurnReadings, "frame \(index), round \(round)")
            read.formUnion(sharedReadings.compactMap(\.payloadText))
        }
    }
    #expect(read == Set(codes.map(\.payload)))
}

/// The picture `name` in Fixtures/ pasted in the middle of `frame`.
private func fixture(_ name: String, centredOn frame: GrayImage) throws -> GrayImage {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    let code = try ImageFile.readGray(path: FilePath(path))
    var framed = frame
    let (left, top) = ((frame.width - code.width) / 2, (frame.height - code.height) / 2)
    for y in 0..<code.height {
        for x in 0..<code.width { framed.pixels[(top + y) * frame.width + left + x] = code[x, y] }
    }
    return framed
}

/// An EAN-13 (`7668647590174`) with a stretch of its bars painted gray over part of their
/// height, as `scripts/hunt-wrong-reads` (seed 1, case 120) damaged and photographed it, on a
/// plain 1280x720 frame: zxing-cpp's averaged rows blend the painted rows and the clean ones
/// into `0608044590114`, whose check digit holds, in every frame, and zbar reads nothing there.
/// A number zxing-cpp alone reads in a video frame stands only where the bars show it digit by
/// digit (`RetailBarsFit.confirms`): the lane reads the printed number or nothing.
@Test func aRetailNumberZXingAloneReadsLiveStandsOnlyOnItsBars() throws {
    let frame = try fixture("painted-ean13.png", centredOn: GrayImage(width: 1280, height: 720, filledWith: 150))
    let detector = BarcodeDetector(profile: .video)
    let read = (0..<4).flatMap { _ in detector.detect(in: frame) }.map(\.payloadText)
    #expect(read.allSatisfy { $0 == "7668647590174" }, "\(read)")
}

/// A compact Aztec code holding 36 characters with modules flipped, as `scripts/hunt-wrong-reads`
/// (seed 1, case 1523) damaged and photographed it, on a noisy 1280x720 frame: zxing-cpp read the
/// layers round its bull's-eye as a small symbol holding `117`, in every frame. Its outline has
/// the larger symbol's modules beyond every side (`AztecCores`): nothing is reported.
@Test func theCoreOfALargerAztecSymbolIsNotReported() throws {
    let frame = try fixture(
        "flipped-aztec.png", centredOn: GrayImage(width: 1280, height: 720, filledWith: 150).withGaussianNoise(sigma: 20, seed: 7))
    let detector = BarcodeDetector(profile: .video)
    let read = (0..<4).flatMap { _ in detector.detect(in: frame) }.map(\.payloadText)
    #expect(read.allSatisfy { $0 == "QRYFYi5Ia3MCcLBi968C6GKHQSLUhVhWjXZA" }, "\(read)")
}
