import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
@testable import ScryText
import SystemPackage
import Testing

/// A rendered 1280x720 page: `lines` in DejaVu Serif at `pointSize`, 1.6 lines apart.
private func renderPage(_ lines: [String], pointSize: Int, in directory: URL) throws -> GrayImage {
    let path = directory.appendingPathComponent("page-\(pointSize).png").path
    var arguments = ["-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "\(pointSize)"]
    for (index, line) in lines.enumerated() {
        arguments += ["-annotate", "+60+\(60 + pointSize + index * pointSize * 16 / 10)", line]
    }
    try runTool("convert", arguments + [path])
    return try ImageFile.readGray(path: FilePath(path))
}

private let prose = [
    "It was the best of times, it was the worst of times,",
    "it was the age of wisdom, it was the age of foolishness,",
    "it was the epoch of belief, it was the epoch of incredulity,",
    "it was the season of Light, it was the season of Darkness.",
]

private func words(_ observations: [TextObservation]) -> [String] {
    observations.filter { $0.level == .line }.compactMap(\.text).flatMap { $0.split(separator: " ").map(String.init) }
}

@Test func smallTextIsEnlargedBeforeRecognition() throws {
    // 9-point text: lines about 10 px tall, below what tesseract reads well.
    let page = try renderPage(prose, pointSize: 9, in: try makeTemporaryDirectory())
    let truth = prose.flatMap { $0.split(separator: " ").map(String.init) }
    let plain = try TextRegionDetector(options: TextDetectionOptions(recognize: true, enlargesSmallText: false))
    let enlarging = try TextRegionDetector(options: TextDetectionOptions(recognize: true))
    #expect(enlarging.recognitionFactor(for: page) == 3)
    let readPlain = words(plain.detectText(in: page)).filter(truth.contains).count
    let found = enlarging.detectText(in: page)
    let readEnlarged = words(found).filter(truth.contains).count
    #expect(readEnlarged >= truth.count * 9 / 10, "enlarged: \(readEnlarged) of \(truth.count)")
    #expect(readEnlarged > readPlain, "plain: \(readPlain), enlarged: \(readEnlarged)")
    // Boxes come back in the original image's pixels.
    for line in found { #expect(line.pixelBounds.x + line.pixelBounds.width <= 1280 && line.pixelBounds.y + line.pixelBounds.height <= 720) }
}

@Test func largeTextIsRecognizedAsItIs() throws {
    let page = try renderPage(prose, pointSize: 30, in: try makeTemporaryDirectory())
    #expect(try TextRegionDetector(options: TextDetectionOptions(recognize: true)).recognitionFactor(for: page) == 1)
}

@Test func videoProfileReusesStillScenesAndFindsTheSameLinesAtHalfSize() throws {
    let directory = try makeTemporaryDirectory()
    let page = try renderPage(prose, pointSize: 26, in: directory)
    let still = try TextRegionDetector(options: TextDetectionOptions())
    let reference = still.detectText(in: page)
    try #require(reference.count == 4)

    let video = try TextRegionDetector(options: TextDetectionOptions(), profile: .video)
    let first = video.detectText(in: page)
    #expect(first == reference)
    // The same page again (sensor noise aside): answered from the last analysis.
    var noisy = page
    for index in stride(from: 0, to: noisy.pixels.count, by: 7) { noisy.pixels[index] &-= noisy.pixels[index] > 128 ? 3 : 0 }
    #expect(video.detectText(in: noisy) == reference)
    #expect(video.reusedFrames == 1)
    // Another page with text as large: its layout runs at half size and finds every line.
    let other = try renderPage(Array(prose.reversed()), pointSize: 26, in: try makeTemporaryDirectory())
    let halfSize = video.detectText(in: other)
    #expect(video.halfSizeFrames == 1)
    let full = still.detectText(in: other)
    #expect(halfSize.count == full.count)
    for (half, whole) in zip(halfSize, full) { #expect(half.pixelBounds.intersectionOverUnion(whole.pixelBounds) > 0.8) }
    // A blank frame (a wall, a covered lens) is not laid out at all.
    #expect(video.detectText(in: GrayImage(width: 1280, height: 720, filledWith: 180)).isEmpty)
    #expect(video.blankFrames == 1)
}

/// The ground-truth words of a receipt of ../shared/eval/text/sroie found among `observations`'
/// words (upper-cased, edge punctuation stripped, counted as a multiset, as scripts/bench-text).
private func receiptWordsFound(_ stem: String, in observations: [TextObservation]) throws -> (found: Int, total: Int) {
    struct Truth: Decodable {
        struct Item: Decodable { var text: String; var ignore: Bool? }
        var items: [Item]
    }
    let url = RepositoryPaths.eval.appendingPathComponent("text/sroie/\(stem).json")
    let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: url))
    func tokens(_ text: String) -> [String] {
        text.uppercased().split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters.union(.symbols)) }
            .filter { !$0.isEmpty }
    }
    var read: [String: Int] = [:]
    for word in observations where word.level == .word { for token in tokens(word.text ?? "") { read[token, default: 0] += 1 } }
    var found = 0, total = 0
    for item in truth.items where item.ignore != true {
        for token in tokens(item.text) {
            total += 1
            if let count = read[token], count > 0 {
                read[token] = count - 1
                found += 1
            }
        }
    }
    return (found, total)
}

@Test func aFadedReceiptIsReadAgainContrastNormalized() throws {
    // 275.jpg: gray dot-matrix print (180-220 on 240 paper) under one black number. Tesseract's
    // global threshold puts all of the print on the paper's side, and the plain reading finds
    // none of its words.
    let receipt = try ImageFile.readGray(path: FilePath(RepositoryPaths.eval.appendingPathComponent("text/sroie/275.jpg").path))
    let options = TextDetectionOptions(levels: [.line, .word], recognize: true)
    var plainOptions = options
    plainOptions.rereadsDoubtfulText = false
    let plain = try receiptWordsFound("275", in: TextRegionDetector(options: plainOptions).detectText(in: receipt))
    let rereading = try TextRegionDetector(options: options)
    let merged = try receiptWordsFound("275", in: rereading.detectText(in: receipt))
    #expect(rereading.secondReadings == 1)
    #expect(plain.found <= 5, "plain reading: \(plain.found) of \(plain.total)")
    #expect(merged.found >= 30, "read again: \(merged.found) of \(merged.total)")
}

@Test func aSureReadingIsNotReadAgain() throws {
    let page = try renderPage(prose, pointSize: 30, in: try makeTemporaryDirectory())
    let detector = try TextRegionDetector(options: TextDetectionOptions(recognize: true))
    let lines = detector.detectText(in: page)
    #expect(lines.count == 4)
    #expect(detector.secondReadings == 0, "line confidences: \(lines.map { $0.confidence ?? 0 })")
}
