import Foundation
import ScryTestSupport
import Testing

/// `scry dump create` killed with SIGKILL at twenty random moments while it writes a long
/// dump: every time, the dump written so far (beside its name) still reads, and it loses at most the record being written
/// (every byte before the last complete record belongs to complete, checked frames).
@Test func aDumpKilledMidWriteKeepsEveryCompleteFrame() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("page.png").path
    try runTool("convert", ["-size", "1280x720", "xc:white", "-fill", "black", "-draw", "rectangle 100,100 400,300", image])
    let recordSize = 44 + 1280 * 720 * 2
    var generator = SystemRandomNumberGenerator()
    var truncatedSeen = 0
    for attempt in 0..<20 {
        let dump = directory.appendingPathComponent("killed-\(attempt).scrydump").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RepositoryPaths.scryExecutable)
        process.arguments = ["dump", "create", "-o", dump, "--format", "YUYV", "--repeat", "400", image]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32.random(in: 30_000...900_000, using: &generator))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The dump is written beside its name and renamed there once complete: killed before
        // that, the unfinished one is left beside it, and it is what must read.
        let partial = directory.appendingPathComponent(".killed-\(attempt).scrydump.partial-\(process.processIdentifier)").path
        #expect(!(FileManager.default.fileExists(atPath: dump) && FileManager.default.fileExists(atPath: partial)))
        let written = FileManager.default.fileExists(atPath: dump) ? dump : partial
        guard FileManager.default.fileExists(atPath: written) else { continue }  // killed before it opened the file
        let size = try FileManager.default.attributesOfItem(atPath: written)[.size] as! Int
        let info = try scry(["dump", "info", written])
        // 0: complete (killed between records, or after the end); 3: a partial last record.
        #expect(info.status == 0 || info.status == 3, "attempt \(attempt): \(info.stderr)")
        if info.status == 3 { truncatedSeen += 1 }
        let frames = try #require(try jsonLines(info).first?["frames"] as? Int)
        let complete = max(0, size - 16) / recordSize
        #expect(frames == complete, "attempt \(attempt): \(frames) frames read, \(complete) complete records in \(size) bytes")
        try? FileManager.default.removeItem(atPath: written)
    }
    print("kill -9 of dump create: 20 runs, \(truncatedSeen) ended in a partial record, every complete frame read")
}
