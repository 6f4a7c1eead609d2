import Foundation
import ScryCore
import ScryDumps
import ScryTestSupport
import SystemPackage
import Testing

/// Dumps of MJPG frames (a camera's JPEG as it sent it): made by `dump create --format MJPG`,
/// read by `dump info`, `replay` and `dump export`, a damaged frame skipped.
@Suite struct MJPEGDumpTests {
    /// The demo dump's frames as PNGs, in order.
    func demoFrames() throws -> [String] {
        let directory = try makeTemporaryDirectory()
        let export = try scry(["dump", "export", demoDump, directory.path])
        #expect(export.status == 0, "\(export.stderr)")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }.sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    func barcodes(_ result: ProcessResult) throws -> Set<String> {
        Set(try jsonLines(result).filter { $0["type"] as? String == "barcode" }.map { "\($0["symbology"]!) \($0["payload"]!)" })
    }

    @Test func anMJPGDumpIsSmallAndReplaysToTheSameBarcodes() throws {
        let frames = try demoFrames()
        let directory = try makeTemporaryDirectory()
        let mjpg = directory.appendingPathComponent("demo-mjpg.scrydump").path
        let yuyv = directory.appendingPathComponent("demo-yuyv.scrydump").path
        for (path, format) in [(mjpg, "MJPG"), (yuyv, "YUYV")] {
            let create = try scry(["dump", "create", "--format", format, "-o", path] + frames)
            #expect(create.status == 0, "\(create.stderr)")
        }
        let info = try jsonLines(try scry(["dump", "info", mjpg])).first!
        #expect(info["version"] as? Int == 2)
        #expect(info["pixel_formats"] as? [String: Int] == ["MJPG": frames.count])
        let mjpgBytes = try FileManager.default.attributesOfItem(atPath: mjpg)[.size] as! Int
        let yuyvBytes = try FileManager.default.attributesOfItem(atPath: yuyv)[.size] as! Int
        #expect(mjpgBytes * 10 < yuyvBytes, "\(mjpgBytes) against \(yuyvBytes)")
        let fromJPEG = try scry(["replay", "--no-text", mjpg])
        let fromRaw = try scry(["replay", "--no-text", yuyv])
        #expect(fromJPEG.status == 0, "\(fromJPEG.stderr)")
        try expectValidLines(fromJPEG)
        #expect(try barcodes(fromJPEG) == barcodes(fromRaw))
        #expect(try barcodes(fromJPEG).count >= 3)
        // The session names the format as stored.
        #expect(try jsonLines(fromJPEG).first?["pixel_format"] as? String == "MJPG")
        // In real time every frame is decoded once, on the capture side, whatever the lanes drop.
        let realtime = try scry(["replay", "--realtime", "--no-text", "--stats", mjpg])
        #expect(realtime.status == 0, "\(realtime.stderr)")
        let decode = try jsonLines(realtime).last?["decode"] as? [String: Any]
        #expect(decode?["count"] as? Int == frames.count)
        // Export decodes them.
        let exported = try makeTemporaryDirectory()
        let export = try scry(["dump", "export", mjpg, exported.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: exported.path).count == frames.count)
    }

    /// An MJPG dump of `frames` made by `dump create`, then copied with each frame's JPEG
    /// changed by `change` (given its index; each record's CRC is right: the camera sent them
    /// so). Its path.
    func mjpgDump(of frames: [String], named name: String, changing change: (Int, inout [UInt8]) -> Void) throws -> String {
        let directory = try makeTemporaryDirectory()
        let good = directory.appendingPathComponent("good.scrydump").path
        let create = try scry(["dump", "create", "--format", "MJPG", "-o", good] + frames)
        #expect(create.status == 0, "\(create.stderr)")
        let reader = try FrameDumpReader(path: FilePath(good))
        let changed = directory.appendingPathComponent(name).path
        let writer = try FrameDumpWriter(path: FilePath(changed), compressed: true)
        var index = 0
        while var frame = try reader.next() {
            change(index, &frame.payload)
            try writer.write(frame)
            index += 1
        }
        try writer.close()
        return changed
    }

    @Test func aDamagedJPEGFrameIsSkippedWithOneLineAndTheRunGoesOn() throws {
        let frames = try demoFrames()
        // The second frame's JPEG cut in half, and the third's replaced by bytes that are no JPEG.
        let damagedPath = try mjpgDump(of: frames, named: "damaged.scrydump") { index, payload in
            if index == 1 { payload = Array(payload.prefix(payload.count / 2)) }
            if index == 2 { payload = Array(repeating: 0x5A, count: 4096) }
        }
        let result = try scry(["replay", "--no-text", "--stats", damagedPath])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let stats = try jsonLines(result).last!
        #expect(stats["frames"] as? Int == frames.count)
        #expect(stats["undecodable_frames"] as? Int == 2)
        // At most one line a second about them (two only if the machine stalled a second
        // between them), the first naming the first frame skipped.
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("undecodable JPEG") }
        #expect((1...2).contains(notes.count) && notes[0].contains("frame 1"), "\(result.stderr)")
        #expect(result.stderr.contains("2 undecodable frames skipped"))
    }

    @Test func aJPEGDeclaringTwelveBitSamplesIsSkippedAndTheFramesAfterItAreRead() throws {
        let frames = Array(try demoFrames().prefix(5))
        // The second frame's JPEG declares 12-bit precision (its SOF0's precision byte).
        let changedPath = try mjpgDump(of: frames, named: "twelve-bit.scrydump") { index, payload in
            if index == 1, let marker = (0..<(payload.count - 1)).first(where: { payload[$0] == 0xFF && payload[$0 + 1] == 0xC0 }) {
                payload[marker + 4] = 12
            }
        }
        let result = try scry(["replay", "--no-text", "--stats", changedPath])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        #expect(try jsonLines(result).last?["undecodable_frames"] as? Int == 1, "\(result.stderr)")
        let exported = try makeTemporaryDirectory()
        let export = try scry(["dump", "export", changedPath, exported.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: exported.path).filter { $0.hasSuffix(".png") }.count == 4)
    }

    @Test func facesInAnMJPGDumpKeepTheirColour() throws {
        let directory = try makeTemporaryDirectory()
        let dump = directory.appendingPathComponent("group.scrydump").path
        let photo = RepositoryPaths.facePhotos.appendingPathComponent("2008_002470.jpg").path
        let create = try scry(["dump", "create", "--format", "MJPG", "--repeat", "3", "-o", dump, photo])
        #expect(create.status == 0, "\(create.stderr)")
        let result = try scry(["replay", "--faces", "--no-barcodes", "--no-text", dump])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonLines(result).filter { $0["type"] as? String == "face" && $0["event"] as? String == "confirmed" }.count == 6)
    }
}
