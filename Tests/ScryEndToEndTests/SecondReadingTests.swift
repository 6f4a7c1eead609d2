import Foundation
import ScryTestSupport
import Testing

@Test func aFadedReceiptIsReadOnlyWithTheSecondReading() throws {
    // 275.jpg's gray print is lost to one tesseract reading; by default it is read again contrast-normalized.
    let receipt = RepositoryPaths.eval.appendingPathComponent("text/sroie/275.jpg").path
    func lines(_ extra: [String]) throws -> [String] {
        let result = try scry(["image", "--no-barcodes", "--recognize", "--text-engine", "tesseract"] + extra + [receipt])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        return try jsonLines(result).filter { $0["type"] as? String == "text" }.compactMap { $0["text"] as? String }
    }
    let once = try lines(["--no-second-reading"]).joined(separator: "\n")
    let twice = try lines([]).joined(separator: "\n")
    #expect(!once.contains("KLANG"), "one reading: \(once)")
    #expect(twice.contains("KLANG") && twice.contains("BERKELEY"), "two readings: \(twice)")
}
