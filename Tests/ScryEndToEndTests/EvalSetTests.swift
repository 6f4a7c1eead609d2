import Foundation
import ScryTestSupport
import Testing

/// Every sample photo of ../shared/eval/barcodes through one `scry image` run: no crash,
/// valid lines, nothing on the images that hold no barcode, at least 95% of the 886 images
/// with expected text read (zxing-cpp 3.1.1 and zbar together read 824), and no wrong read
/// beyond the five documented in docs/barcode-benchmark.md; see scripts/score-eval for the rules.
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
    #expect((summary["read"] as? Int ?? 0) >= 842, "\(summary)")
    let knownWrong: Set<String> = [
        "code39-1/code32-1.png", "qrcode-2/16.webp", "upca-2/38.webp", "upca-4/16.webp",
        "upca-extension-1/19.webp",
    ]
    let wrong = Set(summary["wrong_images"] as? [String] ?? ["(missing)"])
    #expect(wrong.isSubset(of: knownWrong), "new wrong reads: \(wrong.subtracting(knownWrong).sorted())")
}
