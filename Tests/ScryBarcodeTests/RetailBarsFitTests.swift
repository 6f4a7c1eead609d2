import ScryBarcode
import ScryCore
import ScryImageIO
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
