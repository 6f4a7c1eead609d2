import Foundation
import ScryTestSupport
import Testing

/// `scry replay --realtime` runs a dump through the live lanes at its recorded pace.
struct RealtimeReplayTests {
    /// A 30 fps dump of the demo's book page: text recognition takes longer than 33 ms a frame,
    /// so the text lane is the deliberately slow one.
    private func pageDump(frames: Int) throws -> String {
        let directory = try makeTemporaryDirectory()
        let exported = directory.appendingPathComponent("frames")
        let export = try scry(["dump", "export", demoDump, exported.path])
        #expect(export.status == 0, "\(export.stderr)")
        let dump = directory.appendingPathComponent("page30.scrydump").path
        let create = try scry([
            "dump", "create", "-o", dump, "--fps", "30", "--repeat", "\(frames)",
            exported.appendingPathComponent("frame-000005.png").path,
        ])
        #expect(create.status == 0, "\(create.stderr)")
        return dump
    }

    @Test func aSlowTextLaneDropsFramesAndEveryFrameIsAccountedFor() throws {
        let frames = 90
        let result = try scry(["replay", "--realtime", "--stats", "--recognize", "--words", try pageDump(frames: frames)])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(lines.first?["type"] as? String == "session")
        #expect(lines.first?["realtime"] as? Bool == true)
        let stats = try #require(lines.last)
        #expect(stats["type"] as? String == "stats")
        #expect(stats["mode"] as? String == "realtime")
        #expect(stats["frames"] as? Int == frames)
        let lanes = try #require(stats["lanes"] as? [String: [String: Any]])
        for name in ["barcode", "text"] {
            let lane = try #require(lanes[name])
            let processed = try #require(lane["processed"] as? Int)
            let dropped = try #require(lane["dropped"] as? Int)
            // Every frame is either analysed or dropped by the lane, never both, never lost.
            #expect(processed + dropped == frames, "\(name): \(processed) + \(dropped)")
            #expect(processed >= 1)
            // Each processed frame's detections are reported once: frames with lines <= processed.
            let type = name == "barcode" ? "barcode" : "text"
            let reported = Set(lines.filter { $0["type"] as? String == type }.compactMap { $0["frame"] as? Int })
            #expect(reported.count <= processed)
            #expect(reported.allSatisfy { (0..<frames).contains($0) })
        }
        // The page's barcode is found in the frames the barcode lane analysed.
        #expect(lines.contains { $0["type"] as? String == "barcode" })
        #expect(lines.contains { $0["type"] as? String == "text" && $0["text"] != nil })
        // Figures for the record (timings are not asserted: machines are shared and noisy).
        let summary = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        print("replay --realtime, \(frames) frames at 30 fps: \(summary)")
    }

    @Test func aClosedStdoutEndsARealtimeReplayQuietly() throws {
        let dump = try pageDump(frames: 30)
        let result = try runProcess(
            "/bin/bash",
            ["-c", "'\(RepositoryPaths.scryExecutable)' replay --realtime --no-text '\(dump)' | head -1; exit ${PIPESTATUS[0]}"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
    }

    @Test func ctrlCStopsARealtimeReplayCleanly() throws {
        let dump = try pageDump(frames: 300)  // Ten seconds at 30 fps.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RepositoryPaths.scryExecutable)
        process.arguments = ["replay", "--realtime", "--stats", "--no-text", dump]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Wait for the session line: the replay is under way.
        var seen = Data()
        while !seen.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        Thread.sleep(forTimeInterval: 1)
        process.interrupt()  // SIGINT, as Ctrl-C sends.
        let rest = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("stopped by SIGINT"), "\(stderr)")
        let lines = String(decoding: seen + rest, as: UTF8.self).split(separator: "\n")
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect(stats["type"] as? String == "stats")
        let frames = try #require(stats["frames"] as? Int)
        #expect(frames > 0 && frames < 300)
    }

    @Test func aClosedStdoutEndsARealtimeReplayThatDetectsNothing() throws {
        // Ten seconds of blank frames: no detection is ever written, so only the check of
        // stdout between frames can notice that the reader has gone.
        let directory = try makeTemporaryDirectory()
        let blank = directory.appendingPathComponent("blank.png").path
        try runTool("convert", ["-size", "1280x720", "xc:white", blank])
        let dump = directory.appendingPathComponent("blank.scrydump").path
        #expect(try scry(["dump", "create", "-o", dump, "--fps", "30", "--repeat", "300", blank]).status == 0)
        let result = try runProcess(
            "/bin/bash",
            ["-c", "'\(RepositoryPaths.scryExecutable)' replay --realtime --no-text '\(dump)' | head -1; exit ${PIPESTATUS[0]}"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.count == 1)
        // Had it played to the end, the summary would be on stderr; it stopped quietly instead.
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
