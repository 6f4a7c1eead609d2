import Foundation
import ScryTestSupport
import Testing

/// zint's scale 1 draws 2 px per module: --min-module-px 3 drops the code, 1.5 keeps it.
@Test func minModulePxDropsSmallCodesInsteadOfFlaggingThem() throws {
    let image = try makeTemporaryDirectory().appendingPathComponent("small.png").path
    try runTool("zint", ["--barcode=58", "--scale=1", "--quietzones", "--data=small modules", "--output=\(image)"])
    func barcodes(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try scry(["image", "--no-text"] + arguments + [image])
        #expect(result.status == 0, "\(result.stderr)")
        return try jsonLines(result).filter { $0["type"] as? String == "barcode" }
    }
    let flagged = try barcodes([])
    #expect(flagged.count == 1)
    let modulePixels = try #require(flagged.first?["module_px"] as? Double)
    #expect(abs(modulePixels - 2) < 0.2)
    #expect(try barcodes(["--min-module-px", "3"]).isEmpty)
    let kept = try barcodes(["--min-module-px", "1.5"])
    #expect(kept.map { $0["meets_minimum"] as? Bool } == [true])
    #expect(try scry(["image", "--min-module-px", "-1", image]).status == 64)
}
