import Foundation
import ScryCore
import ScryDocuments
import ScryTestSupport
import Testing

/// A searchable PDF read back by poppler (pdftotext, pdfimages), a reader that is not libharu.
struct SearchablePDFTests {
    /// A 400x300 page: white, with a dark band where each word is said to be.
    private func picture() -> GrayImage {
        var pixels = [UInt8](repeating: 250, count: 400 * 300)
        for y in 40..<70 { for x in 30..<370 { pixels[y * 400 + x] = 30 } }
        return GrayImage(width: 400, height: 300, pixels: pixels)
    }

    private func written(_ pdf: SearchablePDF, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("doc.pdf").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(try pdf.bytes())))
        return path
    }

    @Test func wordsComeBackInTheirPlacesAndTheirScripts() throws {
        let directory = try makeTemporaryDirectory()
        let pdf = try SearchablePDF(dotsPerInch: 100)
        try pdf.addPage(.gray(picture()), words: [
            .init(text: "Bonjour", box: PixelRect(x: 30, y: 40, width: 120, height: 30)),
            .init(text: "château", box: PixelRect(x: 170, y: 40, width: 100, height: 30)),
            .init(text: "東京", box: PixelRect(x: 290, y: 40, width: 80, height: 30)),
        ])
        try pdf.addPage(.colour(ColourImage(width: 2, height: 2, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])), words: [])
        #expect(pdf.pageCount == 2)
        let path = try written(pdf, in: directory)
        let text = try runProcess("pdftotext", ["-f", "1", "-l", "1", path, "-"]).stdoutText
        #expect(text.contains("Bonjour") && text.contains("château") && text.contains("東京"), "\(text)")
        // Where the words are: pdftotext's boxes, in points (100 px = 72 pt) from the top-left.
        let boxes = try runProcess("pdftotext", ["-bbox", "-f", "1", "-l", "1", path, "-"]).stdoutText
        let line = try #require(boxes.split(separator: "\n").first { $0.contains(">Bonjour<") })
        let numbers = line.split(separator: "\"").compactMap { Double($0) }
        #expect(numbers.count == 4)
        if numbers.count == 4 {
            #expect(abs(numbers[0] - 30 * 0.72) < 3 && abs(numbers[2] - 150 * 0.72) < 3, "\(line)")
            #expect(numbers[1] > 40 * 0.72 - 6 && numbers[3] < 70 * 0.72 + 6, "\(line)")
        }
        let images = try runProcess("pdfimages", ["-list", path]).stdoutText.split(separator: "\n").dropFirst(2)
        #expect(images.count == 2)
        #expect(images.first?.contains(" 400 ") == true && images.first?.contains("gray") == true, "\(images)")
        #expect(images.last?.contains("rgb") == true, "\(images)")
    }

    @Test func aPageWithoutWordsIsAPictureOnly() throws {
        let directory = try makeTemporaryDirectory()
        let pdf = try SearchablePDF()
        try pdf.addPage(.gray(picture()), words: [.init(text: "", box: PixelRect(x: 0, y: 0, width: 10, height: 10))])
        let path = try written(pdf, in: directory)
        #expect(try runProcess("pdftotext", [path, "-"]).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let info = try runProcess("pdfinfo", [path]).stdoutText
        // 400x300 px at 200 dpi: 144x108 pt.
        #expect(info.contains("144 x 108 pts"), "\(info)")
    }
}
