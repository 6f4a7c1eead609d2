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
