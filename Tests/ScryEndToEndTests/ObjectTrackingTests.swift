import Foundation
import ScryTestSupport
import Testing

/// `--track-object` as a user meets it: a card (part of a real photo) moved over another photo by
/// ImageMagick, recorded as a dump and replayed; a bad box is a bad command line.
struct ObjectTrackingTests {
    /// Frames of a card sliding right by 12 px a frame over a photo, then gone for 5 frames, then
    /// back at another place; and the card's box in the first frame.
    private func scene(in directory: URL) throws -> (dump: String, box: (Int, Int, Int, Int)) {
        let faces = RepositoryPaths.facePhotos.appendingPathComponent("bald_guys.jpg").path
        let card = directory.appendingPathComponent("card.png").path
        try runTool("convert", [RepositoryPaths.facePhotos.appendingPathComponent("dogs.jpg").path, "-crop", "500x500+200+200",
                                "+repage", "-resize", "160x160!", card])
        var frames: [String] = []
        for index in 0..<18 {
            let path = directory.appendingPathComponent("frame-\(index).png").path
            var arguments = [faces, "-crop", "1280x720+300+400", "+repage"]
            if index < 10 {
                arguments += [card, "-geometry", "+\(300 + 12 * index)+200", "-composite"]
            } else if index >= 15 {
                arguments += [card, "-geometry", "+900+380", "-composite"]
            }
            try runTool("convert", arguments + [path])
            frames.append(path)
        }
        let dump = directory.appendingPathComponent("card.scrydump").path
        let created = try scry(["dump", "create", "-o", dump] + frames)
        #expect(created.status == 0, "\(created.stderr)")
        return (dump, (300, 200, 160, 160))
    }

    @Test func aMarkedCardIsFollowedLostAndFoundAgain() throws {
        let (dump, box) = try scene(in: try makeTemporaryDirectory())
        let given = "\(box.0),\(box.1),\(box.2),\(box.3)"
        let result = try scry(["replay", "--track-object", given, "--no-barcodes", "--no-text", "--stats", dump])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(lines.first?["detectors"] as? [String] == ["object"])
        let objects = lines.filter { $0["type"] as? String == "object" }
        #expect(objects.map { $0["event"] as? String } == ["confirmed", "lost", "found", "lost"], "\(objects)")
        #expect(objects.map { $0["frame"] as? Int } == [0, 10, 15, 17])
        #expect(objects.allSatisfy { $0["track"] as? Int == 1 })
        // Found where it came back.
        let found = try #require(objects[2]["pixel_bounds"] as? [String: Double])
        #expect(abs(found["x"]! - 900) < 8 && abs(found["y"]! - 380) < 8 && abs(found["width"]! - 160) < 16, "\(found)")
        let lanes = try #require(lines.last?["lanes"] as? [String: [String: Any]])
        #expect(lanes["object"]?["detections"] as? Int == 13)

        // Every frame in view with --every-frame, in the plain form only the events.
        let every = try jsonLines(try scry(["replay", "--track-object", given, "--every-frame", "--no-barcodes", "--no-text", dump]))
        let seen = every.filter { $0["event"] as? String == "seen" }
        #expect(seen.map { $0["frame"] as? Int } == Array(1..<10) + [16, 17].map { Optional($0) })
        for line in seen where (line["frame"] as! Int) < 10 {
            let bounds = try #require(line["pixel_bounds"] as? [String: Double])
            let x = Double(300 + 12 * (line["frame"] as! Int))
            #expect(abs(bounds["x"]! - x) < 4 && abs(bounds["y"]! - 200) < 4, "\(line)")
        }
        let plain = try scry(["replay", "--track-object", given, "--plain", "--no-barcodes", "--no-text", dump])
        #expect(plain.stdoutLines.first == "object 1 confirmed at 300,200 160x160", "\(plain.stdoutLines)")
    }

    @Test func badBoxesAreBadCommandLines() throws {
        let (dump, _) = try scene(in: try makeTemporaryDirectory())
        for bad in ["1,2,3", "a,b,c,d", "0,0,0,10", "0,0,10,-5", "0,0,10,10@x", "0,0,10,10@-1", "nan,0,10,10", "0,0,1e300,10"] {
            let result = try scry(["replay", "--track-object", bad, "--no-barcodes", "--no-text", dump])
            #expect(result.status == 64, "\(bad): \(result.status) \(result.stderr)")
        }
        let outside = try scry(["replay", "--track-object", "5000,10,50,50", "--no-barcodes", "--no-text", dump])
        #expect(outside.status == 64)
        #expect(outside.stderr.contains("holds less than 8x8 pixels of frame 0"), "\(outside.stderr)")
        // Given for a later frame, the box starts there.
        let later = try jsonLines(try scry(["replay", "--track-object", "900,380,160,160@15", "--no-barcodes", "--no-text", dump]))
        #expect(later.filter { $0["type"] as? String == "object" }.map { $0["frame"] as? Int } == [15, 17])
    }
}

/// `--track-rectangle` as a user meets it: with --rectangles, in a replay; without, refused.
struct RectangleTrackingTests {
    @Test func itFollowsTheRectangleLanesRectanglesInAStream() throws {
        let result = try scry(["replay", "--rectangles", "--track-rectangle", "--every-frame", "--no-barcodes", "--no-text", "--stats", demoDump])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(lines.first?["detectors"] as? [String] == ["rectangle"])
        #expect(try scry(["replay", "--track-rectangle", "--no-text", demoDump]).status == 64)
    }
}
