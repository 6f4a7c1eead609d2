import Foundation
import ScryTestSupport
import Testing

/// Every sample photo of ../shared/eval/barcodes through one `scry image` run: no crash,
/// valid lines, nothing on the images that hold no barcode, at least 95% of the 886 images
/// with expected text read (zxing-cpp 3.1.1 and zbar together read 824; Scry 850), and no
/// wrong read; see scripts/score-eval for the rules.
@Test func everySamplePhotoRunsWithoutACrash() throws {
    let root = RepositoryPaths.eval.appendingPathComponent("barcodes")
    let manifest = try String(contentsOf: root.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    let images = manifest.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
    #expect(images.count == 949)
    let result = try runProcess(RepositoryPaths.scryExecutable, ["image", "--no-text"] + images, currentDirectory: root)
    #expect(!result.crashed)
    #expect(result.status == 0, "\(result.stderr)")
    try expectValidLines(result)
    let output = try makeTemporaryDirectory().appendingPathComponent("eval.jsonl")
    try result.stdout.write(to: output)
    let score = try runProcess(RepositoryPaths.root.appendingPathComponent("scripts/score-eval").path,
                               [root.path, output.path, "--json"], currentDirectory: root)
    let summary = try JSONSerialization.jsonObject(with: score.stdout) as! [String: Any]
    #expect(summary["unread_files"] == nil)
    #expect(summary["false_positives"] == nil)
    #expect((summary["read"] as? Int ?? 0) >= 846, "\(summary)")
    #expect(summary["wrong"] == nil, "wrong reads: \(summary["wrong_images"] ?? "?")")
}

/// Every receipt of ../shared/eval/text through `scry image` with both detectors, recognition
/// and word boxes: no crash, valid lines, a line for every image, and recognition that finds
/// at least two thirds of the ground-truth words over the set (77.7% measured; see
/// docs/text-benchmark.md).
@Test func everyTextSampleRunsWithoutACrash() throws {
    let root = RepositoryPaths.eval.appendingPathComponent("text/sroie")
    let images = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".jpg") }.sorted()
    #expect(images.count == 30)
    let result = try runProcess(
        RepositoryPaths.scryExecutable, ["image", "--recognize", "--words"] + images, currentDirectory: root)
    #expect(!result.crashed)
    #expect(result.status == 0, "\(result.stderr)")
    try expectValidLines(result)
    let lines = try jsonLines(result)
    var found: [String: [String: Int]] = [:]
    for line in lines where line["type"] as? String == "text" && line["level"] as? String == "word" {
        let file = line["file"] as! String
        for word in normalizedWords(line["text"] as? String ?? "") { found[file, default: [:]][word, default: 0] += 1 }
    }
    var total = 0
    var matched = 0
    for image in images {
        let truth = try JSONSerialization.jsonObject(
            with: Data(contentsOf: root.appendingPathComponent(image.replacingOccurrences(of: ".jpg", with: ".json"))))
            as! [String: Any]
        #expect(lines.contains { $0["type"] as? String == "text" && $0["file"] as? String == image }, "\(image)")
        var available = found[image] ?? [:]
        for item in truth["items"] as! [[String: Any]] where item["ignore"] as? Bool != true {
            for word in normalizedWords(item["text"] as! String) {
                total += 1
                if let count = available[word], count > 0 {
                    available[word] = count - 1
                    matched += 1
                }
            }
        }
    }
    #expect(total > 3000)
    #expect(Double(matched) >= Double(total) * 2 / 3, "\(matched) of \(total) words")
}

/// Lower-cased words with their leading and trailing punctuation removed (as scripts/bench-text counts).
private func normalizedWords(_ text: String) -> [String] {
    text.lowercased().split(separator: " ").compactMap { token in
        let word = token.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed()
        return word.isEmpty ? nil : String(word)
    }
}
