import Foundation
import ScryTestSupport
import Testing

/// `--formats`: only the symbologies named are reported, in still images and live lanes; an
/// unknown name is a usage error that lists the valid ones.
@Test func formatsKeepsOnlyTheNamedSymbologies() throws {
    let directory = try makeTemporaryDirectory()
    let qr = directory.appendingPathComponent("qr.png").path
    let ean = directory.appendingPathComponent("ean.png").path
    let sheet = directory.appendingPathComponent("sheet.png").path
    try runTool("zint", ["--barcode=58", "--scale=2", "--quietzones", "--data=Hello Scry", "--output=\(qr)"])
    try runTool("zint", ["--barcode=13", "--scale=2", "--quietzones", "--data=978026203384", "--output=\(ean)"])
    try runTool("convert", ["-size", "1280x720", "xc:white", qr, "-geometry", "+80+80", "-composite",
                            ean, "-geometry", "+700+200", "-composite", sheet])
    func symbologies(_ arguments: [String]) throws -> [String] {
        let result = try scry(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        return try jsonLines(result).filter { $0["type"] as? String == "barcode" && $0["event"] as? String != "lost" }
            .compactMap { $0["symbology"] as? String }.sorted()
    }
    #expect(try symbologies(["image", "--no-text", sheet]) == ["ean_13", "qr_code"])
    #expect(try symbologies(["image", "--no-text", "--formats", "qr_code", sheet]) == ["qr_code"])
    #expect(try symbologies(["image", "--no-text", "--formats", "FORMAT_EAN_13,upc_e", sheet]) == ["ean_13"])
    // The live lane, through a real-time replay of the sheet held for 10 frames.
    let dump = directory.appendingPathComponent("sheet.scrydump").path
    let made = try scry(["dump", "create", "--size", "1280x720", "--fps", "30", "--repeat", "10", "-o", dump, sheet])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(try Set(symbologies(["replay", "--realtime", "--no-text", "--formats", "ean_13", dump])) == ["ean_13"])
    #expect(try Set(symbologies(["replay", "--realtime", "--no-text", "--formats", "qr_code", dump])) == ["qr_code"])
}

@Test func unknownFormatsAreAUsageErrorNamingTheValidOnes() throws {
    for arguments in [["image", "--formats", "qr", "x.png"], ["replay", "--formats", "", demoDump],
                      ["live", "--formats", "ean_5"], ["image", "--no-barcodes", "--formats", "qr_code", "x.png"]] {
        let result = try scry(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--formats"), "\(result.stderr)")
        if !arguments.contains("--no-barcodes") {
            #expect(result.stderr.contains("qr_code, rmqr_code"), "\(result.stderr)")
        }
    }
}
