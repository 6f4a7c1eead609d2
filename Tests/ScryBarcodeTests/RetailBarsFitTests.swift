import ScryBarcode
import ScryCore
import ScryImageIO
import Foundation
import ScryTestSupport
import SystemPackage
import Testing

/// `number` with digit `position` (0-based, below 12) replaced by `digit` and the check digit
/// made right again: a number a decoder could read from the same code with one edge misplaced.
private func neighbour(of number: String, position: Int, digit: Character) -> String {
    var digits = Array(number.prefix(12))
    digits[position] = digit
    let sum = digits.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 2 == 1 ? 3 : 1) }
    return String(digits) + String((10 - sum % 10) % 10)
}

/// A code zint drew at 4 px per module, blurred to half a module: its own number fits digit by
/// digit, read either way along it; no number one digit away (check digit made right; three
/// other digits at each place) does.
@Test func theBarsConfirmTheirOwnNumberAndNoNeighbour() throws {
    let code = GeneratedCode(zintType: 13, data: "978026203384", symbology: .ean_13, payload: "9780262033848")
    let image = try render(code, in: try makeTemporaryDirectory()).gaussianBlurred(sigma: 2)
    let found = try #require(BarcodeDetector().detect(in: image).first)
    let own = try #require(RetailBarsFit.fit(of: Array(code.payload.utf8), corners: found.corners, in: image))
    #expect(own.confirmsEveryDigit, "\(own)")
    #expect(own.correlation > 0.9)
    let backwards = [found.corners[1], found.corners[0], found.corners[3], found.corners[2]]
    #expect(RetailBarsFit.fit(of: Array(code.payload.utf8), corners: backwards, in: image)?.confirmsEveryDigit == true)
    for position in 0..<12 {
        let own = Int(String(Array(code.payload)[position]))!
        for digit in [1, 4, 7].map({ Character(String((own + $0) % 10)) }) {
            let other = neighbour(of: code.payload, position: position, digit: digit)
            let fit = try #require(RetailBarsFit.fit(of: Array(other.utf8), corners: found.corners, in: image))
            #expect(!fit.confirmsEveryDigit, "\(other): \(fit)")
        }
    }
}

/// The eval set's upca-4/1, a blurred UPC-A printed 0 23942 43101 5: zbar reads it as
/// 9074932437075 (a valid check digit) and zxing-cpp, on the enlarged image, as printed. The
/// bars show the printed number and not the other.
@Test func theBarsTellAMisreadFromThePrintedNumber() throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/upca-4/1.webp").path
    let image = try ImageFile.readGray(path: FilePath(path))
    let found = try #require(BarcodeDetector().detect(in: image).first)
    let printed = try #require(RetailBarsFit.fit(of: Array("0023942431015".utf8), corners: found.corners, in: image))
    let misread = try #require(RetailBarsFit.fit(of: Array("9074932437075".utf8), corners: found.corners, in: image))
    #expect(printed.confirmsEveryDigit, "\(printed)")
    #expect(!misread.confirmsEveryDigit, "\(misread)")
    #expect(printed.correlation > misread.correlation)
}

@Test func onlyThirteenDigitNumbersOnACodeWithContrastAreFitted() {
    let corners = [PixelPoint(x: 10, y: 10), PixelPoint(x: 210, y: 10), PixelPoint(x: 210, y: 60), PixelPoint(x: 10, y: 60)]
    let blank = GrayImage(width: 240, height: 80, filledWith: 255)
    #expect(RetailBarsFit.fit(of: Array("0023942431015".utf8), corners: corners, in: blank) == nil)
    var striped = blank
    for y in 0..<80 { for x in stride(from: 0, to: 240, by: 4) { striped[x, y] = 0 } }
    #expect(RetailBarsFit.fit(of: Array("002394243101".utf8), corners: corners, in: striped) == nil)
    #expect(RetailBarsFit.fit(of: Array("00239424310A5".utf8), corners: corners, in: striped) == nil)
    #expect(RetailBarsFit.fit(of: Array("0023942431015".utf8), corners: corners, in: striped) != nil)
    // A code under 95 pixels long has modules under a pixel: not fitted.
    let short = [PixelPoint(x: 10, y: 10), PixelPoint(x: 90, y: 10), PixelPoint(x: 90, y: 60), PixelPoint(x: 10, y: 60)]
    #expect(RetailBarsFit.fit(of: Array("0023942431015".utf8), corners: short, in: striped) == nil)
}

/// A UPC-A printed 0 09332 15878 8 6 with two narrow strips of its bars flipped, as
/// `scripts/hunt-wrong-reads` (seed 1, case 1513) damaged and photographed it at 2.8 px a
/// module: two of zxing-cpp's passes read it as 0093377587816, three digits away, with a check
/// digit that holds, and no zbar pass reads it. Along zxing-cpp's line the bars of three of
/// that number's digits are explained far better by other digits: the still path leaves it out.
@Test func theBarsContradictANumberOnlyZXingReadThroughFlippedModules() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/flipped-upca.png").path
    let image = try ImageFile.readGray(path: FilePath(path))
    // zxing-cpp's corners of its reading (pixel space, the code's top-left first).
    let corners = [PixelPoint(x: 46, y: 43), PixelPoint(x: 308, y: 43), PixelPoint(x: 306, y: 72), PixelPoint(x: 44, y: 72)]
    let misread = try #require(RetailBarsFit.fit(of: Array("0093377587816".utf8), corners: corners, in: image))
    #expect(misread.contradictsADigit, "\(misread)")
    let readings = BarcodeDetector().detect(in: image)
    #expect(readings.allSatisfy { $0.payload == Array("0093321587886".utf8) }, "\(readings.map { String(decoding: $0.payload, as: UTF8.self) })")
}

/// The right EAN-13/UPC-A numbers zxing-cpp alone reads on the eval set's photos are not
/// contradicted by their bars: of those whose fit is lowest, each is still read.
@Test func theBarsDoNotContradictRightNumbersZXingAloneReads() throws {
    for (file, number) in [("upca-5/32.webp", "0625034201058"), ("upca-5/34.webp", "0625034201058"), ("upca-5/04.webp", "0312547701310")] {
        let path = RepositoryPaths.eval.appendingPathComponent("barcodes/\(file)").path
        let image = try ImageFile.readGray(path: FilePath(path))
        let readings = BarcodeDetector().detect(in: image)
        #expect(readings.contains { $0.payload.prefix(13) == ArraySlice(number.utf8) }, "\(file)")
    }
}
