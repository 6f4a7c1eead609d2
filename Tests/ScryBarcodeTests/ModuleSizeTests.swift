import Foundation
@testable import ScryBarcode
import ScryCore
import ScryImageIO
import SystemPackage
import ScryTestSupport
import Testing

/// zint draws 2 px per module at scale 1; the estimate must find that size within 10% for
/// every symbology whose module count is known. (MaxiCode is left out: zint draws its
/// hexagons at a size of their own, about 10 px per scale step.)
@Test(arguments: [1, 2, 3])
func moduleSizeMatchesTheRenderingScale(scale: Int) throws {
    let directory = try makeTemporaryDirectory()
    let detector = BarcodeDetector()
    var checked = 0
    for code in generatedCodes where code.symbology != .maxicode {
        let image = try render(code, scale: scale, in: directory)
        guard let found = detector.detect(in: image).first, let modulePixels = found.modulePixels else { continue }
        // Codabar, Code 39 and ITF counts assume a wide:narrow ratio zint may not use.
        let tolerance = [.codabar, .code_39, .itf].contains(code.symbology) ? 0.35 : 0.1
        let expected = Double(2 * scale)
        #expect(abs(modulePixels - expected) / expected <= tolerance,
                "\(code.testDescription): \(modulePixels) px per module, expected \(expected)")
        #expect(found.meetsMinimum == (modulePixels >= 2))
        checked += 1
    }
    #expect(checked >= 15)
}

@Test func thresholdsComeFromTheCalibrationTable() throws {
    let url = RepositoryPaths.calibration.appendingPathComponent("module-sizes.json")
    let thresholds = try ModuleSizeThresholds(json: Array(try Data(contentsOf: url)))
    #expect(thresholds.minimum(for: .ean_13) > 0)
    for symbology in Symbology.allCases { #expect(thresholds.minimum(for: symbology) >= 1) }
}

@Test func badThresholdTablesAreRejected() {
    for json in [#"{"version":2,"default_minimum_module_px":2,"minimum_module_px":{}}"#,
                 #"{"version":1,"default_minimum_module_px":2,"minimum_module_px":{"nope":1}}"#,
                 #"{"version":1,"default_minimum_module_px":-1,"minimum_module_px":{}}"#, "not json"] {
        #expect(throws: ModuleSizeThresholds.LoadError.self) { try ModuleSizeThresholds(json: Array(json.utf8)) }
    }
}

@Test func minimumModuleFlagFollowsTheThreshold() throws {
    let code = generatedCodes.first { $0.symbology == .ean_13 }!
    let image = try render(code, scale: 1, in: try makeTemporaryDirectory())
    let strict = BarcodeDetector(thresholds: ModuleSizeThresholds(defaultMinimum: 3))
    let lenient = BarcodeDetector(thresholds: ModuleSizeThresholds(defaultMinimum: 1.5))
    #expect(strict.detect(in: image).map(\.meetsMinimum) == [false])
    #expect(lenient.detect(in: image).map(\.meetsMinimum) == [true])
}

@Test func code128CountsDigitPairs() {
    // "Scry-128": 8 characters, no run of 4 digits: 11 x (8 + 2) + 13.
    #expect(ModuleCount.across(symbology: .code_128, payload: Array("Scry-128".utf8), version: nil) == 123)
    // 16 digits pack into 8 characters, plus a code set switch.
    #expect(ModuleCount.across(symbology: .code_128, payload: Array("0198898765432106".utf8), version: nil) == 11 * 11 + 13)
    #expect(ModuleCount.across(symbology: .qr_code, payload: [], version: "7") == 45)
    #expect(ModuleCount.across(symbology: .data_matrix, payload: [], version: "8x32") == 32)
    // PDF417 gives no column count: its module is measured instead.
    #expect(ModuleCount.across(symbology: .pdf417, payload: [], version: nil) == nil)
}

/// Calibration/module-counts.tsv documents the module counts; the code must agree with every
/// fixed count, every "unknown" and every "measured" (from the bars) there.
@Test func moduleCountTableMatchesTheCode() throws {
    let table = try String(contentsOf: RepositoryPaths.calibration.appendingPathComponent("module-counts.tsv"), encoding: .utf8)
    var checked = 0
    for row in table.split(separator: "\n").dropFirst() {
        let columns = row.split(separator: "\t").map(String.init)
        let symbology = try #require(Symbology(rawValue: columns[0]), "unknown symbology \(columns[0])")
        let count = ModuleCount.across(symbology: symbology, payload: Array("12345678".utf8), version: nil)
        if let fixed = Int(columns[1]) {
            #expect(count == fixed, "\(symbology)")
            checked += 1
        } else if columns[1] == "unknown" {
            #expect(count == nil, "\(symbology)")
            #expect(!ModuleWidthMeasurement.symbologies.contains(symbology), "\(symbology)")
            checked += 1
        } else if columns[1] == "measured" {
            #expect(count == nil, "\(symbology)")
            #expect(ModuleWidthMeasurement.symbologies.contains(symbology), "\(symbology)")
            checked += 1
        }
    }
    #expect(checked >= 17)
    // And the table covers every symbology.
    let listed = Set(table.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) })
    for symbology in Symbology.allCases {
        #expect(listed.contains(symbology.rawValue), "\(symbology) missing from module-counts.tsv")
    }
}

/// PDF417, MicroPDF417 and DataBar Expanded give no module count: their module is measured
/// from the bars (`ModuleWidthMeasurement`), on sharp and on blurred renderings.
@Test(arguments: [1, 2, 3])
func measuredModuleSizesMatchTheRenderingScale(scale: Int) throws {
    let directory = try makeTemporaryDirectory()
    let detector = BarcodeDetector()
    let measured = generatedCodes.filter { ModuleWidthMeasurement.symbologies.contains($0.symbology) }
    #expect(measured.count == 5)
    for code in measured {
        let image = try render(code, scale: scale, in: directory)
        for (condition, picture) in [("sharp", image), ("blurred", image.gaussianBlurred(sigma: 0.7))] {
            let found = detector.detect(in: picture)
            try #require(found.count == 1, "\(code.testDescription) \(condition)")
            let modulePixels = try #require(found[0].modulePixels, "\(code.testDescription) \(condition)")
            let expected = Double(2 * scale)
            #expect(abs(modulePixels - expected) / expected <= 0.1,
                    "\(code.testDescription) \(condition): \(modulePixels) px per module, expected \(expected)")
        }
    }
}

/// zbar alone places a linear code by the box around its scan lines: the box's longer side runs
/// along the code, whichever way it stands; a box shorter than a pixel per module (a few points
/// of one scan line) gives no size rather than a fraction of a pixel.
@Test func zbarBoxesGiveTheModuleAlongTheCode() {
    let detector = BarcodeDetector()
    let image = GrayImage(width: 400, height: 400, filledWith: 255)
    func reading(width: Double, height: Double) -> EngineReading {
        let box = [PixelPoint(x: 100, y: 100), PixelPoint(x: 100 + width, y: 100),
                   PixelPoint(x: 100 + width, y: 100 + height), PixelPoint(x: 100, y: 100 + height)]
        return EngineReading(engine: .zbar, symbology: .ean_13, payload: Array("9780262033848".utf8), corners: box, symbolVersion: nil)
    }
    // Read on rows (a wide box) and on columns (a tall one): 190 px along 95 modules.
    #expect(detector.modulePixels(of: reading(width: 190, height: 6), readBy: [.zbar], in: image) == 2)
    #expect(detector.modulePixels(of: reading(width: 4, height: 190), readBy: [.zbar], in: image) == 2)
    #expect(detector.modulePixels(of: reading(width: 0, height: 10), readBy: [.zbar], in: image) == nil)
    // Both engines: zxing-cpp's corners, along the symbol's own top edge.
    #expect(detector.modulePixels(of: reading(width: 190, height: 6), readBy: [.zbar, .zxing], in: image) == 2)
}

/// On the photos: a zbar-only UPC-A read on columns of a turned photo had been given 0.03 px
/// per module (the box's width); it is about 1.2.
@Test func aZBarOnlyReadingOfATurnedPhotoHasAPlausibleModule() throws {
    let path = RepositoryPaths.eval.appendingPathComponent("barcodes/upca-5/07.webp").path
    let found = BarcodeDetector().detect(in: try ImageFile.readGray(path: FilePath(path)))
    #expect(found.map(\.payloadText) == ["0312547701310"])
    let modulePixels = try #require(found.first?.modulePixels)
    #expect(modulePixels > 1 && modulePixels < 2)
}
