import Foundation
import ScryTestSupport
import Testing

/// Runs the built scry with `arguments`.
func scry(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(RepositoryPaths.scryExecutable, arguments)
}

/// Runs the built scry with `arguments` in this process's environment changed by `changes`
/// (what else is set, such as a sanitizer's options, is kept).
func scryWith(_ arguments: [String], environment changes: [String: String]) throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in changes { environment[key] = value }
    return try runProcess(RepositoryPaths.scryExecutable, arguments, environment: environment)
}

/// Checks every stdout line against docs/schema.json with the real JSON Schema validator.
func expectValidLines(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = try makeTemporaryDirectory().appendingPathComponent("out.jsonl")
    try result.stdout.write(to: file)
    let validation = try runProcess(
        RepositoryPaths.root.appendingPathComponent("scripts/validate-jsonl").path, [file.path])
    #expect(validation.status == 0, "\(validation.stderr)", sourceLocation: sourceLocation)
}

/// The demo dump shipped in Calibration/.
let demoDump = RepositoryPaths.calibration.appendingPathComponent("demo.scrydump").path

/// Decodes every stdout line as a JSON object.
func jsonLines(_ result: ProcessResult) throws -> [[String: Any]] {
    try result.stdoutLines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
}

/// The demo dump's frames as gray PNGs in a fresh folder (`frame-000000.png` ...): 0 a QR
/// code, 1 an EAN-13, 2 a Code 128, 3 a Data Matrix, 4 the book page, 5 the page with an
/// EAN-13 over it.
func demoFramesFolder() throws -> URL {
    let directory = try makeTemporaryDirectory()
    let export = try scry(["dump", "export", demoDump, directory.path])
    #expect(export.status == 0, "\(export.stderr)")
    return directory
}

/// The lines of the demo's book page (Calibration/demo-page.truth.tsv), in reading order.
func demoPageLines() throws -> [String] {
    let truth = try String(contentsOf: RepositoryPaths.calibration.appendingPathComponent("demo-page.truth.tsv"), encoding: .utf8)
    return truth.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
}

/// Runs `command` with /bin/sh, the built scry first on PATH.
func shell(_ command: String) throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    let folder = URL(fileURLWithPath: RepositoryPaths.scryExecutable).deletingLastPathComponent().path
    environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return try runProcess("/bin/sh", ["-c", command], environment: environment)
}

/// A webcam view of a page of print, drawn by ImageMagick at `path`: a light page (`page`, a
/// rectangle in the frame) on a darker 1280x720 desk, `lines` set in DejaVu Serif at
/// `pointsize` from (`left`, `top`), `spacing` px apart, then `finish` (ImageMagick options,
/// such as a turn), in 8-bit gray.
func renderPage(
    _ lines: [String], at path: String, page: String, pointsize: Int, left: Int, top: Int, spacing: Int, finish: [String] = []
) throws {
    var arguments = ["-size", "1280x720", "xc:#dad6ce", "-fill", "#f5f2eb", "-draw", "rectangle " + page,
                     "-fill", "#242424", "-font", "DejaVu-Serif", "-pointsize", String(pointsize)]
    for (index, line) in lines.enumerated() { arguments += ["-annotate", "+\(left)+\(top + index * spacing)", line] }
    try runTool("convert", arguments + finish + ["-colorspace", "Gray", "-depth", "8", path])
}
