import Foundation
import ScryTestSupport
import Testing

/// `scry align` and `--motion` as a user meets them: windows of a real photo cut by ImageMagick
/// at known places, aligned as files and replayed as a dump; statuses for what did not align
/// and what could not be read.
struct AlignmentTests {
    private static let photo = RepositoryPaths.facePhotos.appendingPathComponent("bald_guys.jpg").path

    /// The 1280x720 windows of the photo at `places` (top-left corners), as PNG files.
    private func windows(_ places: [(Int, Int)], in directory: URL) throws -> [String] {
        try places.enumerated().map { index, place in
            let path = directory.appendingPathComponent("view-\(index).png").path
            try runTool("convert", [Self.photo, "-colorspace", "Gray", "-crop", "1280x720+\(place.0)+\(place.1)", "+repage", path])
            return path
        }
    }

    private func translation(_ line: [String: Any]) -> (Double, Double)? {
        guard let t = line["translation"] as? [String: Any], let x = t["x"] as? Double, let y = t["y"] as? Double else { return nil }
        return (x, y)
    }

    @Test func imagesAlignWithTheReferenceAndAStrangerDoesNot() throws {
        let directory = try makeTemporaryDirectory()
        let views = try windows([(300, 400), (340, 370), (220, 460)], in: directory)
        let stranger = directory.appendingPathComponent("dogs.png").path
        try runTool("convert", [RepositoryPaths.facePhotos.appendingPathComponent("dogs.jpg").path, "-resize", "1280x720!", stranger])

        let aligned = try scry(["align", views[0], views[1], views[2]])
        #expect(aligned.status == 0, "\(aligned.stderr)")
        try expectValidLines(aligned)
        let lines = try jsonLines(aligned)
        #expect(lines.map { $0["file"] as? String } == [views[1], views[2]])
        #expect(lines.allSatisfy { $0["type"] as? String == "alignment" && $0["reference"] as? String == views[0] })
        // A pixel (x, y) of the view at (340, 370) is the reference's (x + 40, y - 30).
        for (line, truth) in zip(lines, [(40.0, -30.0), (-80.0, 60.0)]) {
            let found = try #require(translation(line))
            #expect(abs(found.0 - truth.0) < 0.3 && abs(found.1 - truth.1) < 0.3, "\(found) against \(truth)")
            #expect((line["pixel_homography"] as? [Double])?.count == 9)
        }

        let mixed = try scry(["align", views[0], stranger, views[1]])
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("1 of 2 images did not align"), "\(mixed.stderr)")
        let mixedLines = try jsonLines(mixed)
        #expect(mixedLines.map { $0["aligned"] as? Bool } == [false, true])
        #expect(mixedLines[0]["translation"] == nil && mixedLines[0]["pixel_homography"] == nil)

        let plain = try scry(["align", "--plain", views[0], views[1]])
        #expect(plain.stdoutLines.count == 1 && plain.stdoutLines[0].hasPrefix("aligned dx=40"), "\(plain.stdoutLines)")
    }

    @Test func unreadableFilesGetTheirStatus() throws {
        let directory = try makeTemporaryDirectory()
        let views = try windows([(300, 400), (310, 400)], in: directory)
        let missing = directory.appendingPathComponent("missing.png").path
        let notAnImage = directory.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: notAnImage)

        let result = try scry(["align", views[0], missing, views[1]])
        #expect(result.status == 66)
        #expect(try jsonLines(result).count == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try scry(["align", views[0], notAnImage.path]).status == 65)
        #expect(try scry(["align", missing, views[1]]).status == 66)
        #expect(try scry(["align", views[0]]).status == 64)
    }

    @Test func motionFollowsAReplayedPanFrameToFrame() throws {
        let directory = try makeTemporaryDirectory()
        let places = [(300, 400), (306, 398), (312, 396), (318, 394), (324, 392)]
        let views = try windows(places, in: directory)
        let dump = directory.appendingPathComponent("pan.scrydump").path
        let created = try scry(["dump", "create", "-o", dump] + views)
        #expect(created.status == 0, "\(created.stderr)")

        let result = try scry(["replay", "--motion", "--no-barcodes", "--no-text", "--stats", dump])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(lines.first?["detectors"] as? [String] == ["motion"])
        let motion = lines.filter { $0["type"] as? String == "motion" }
        #expect(motion.map { $0["frame"] as? Int } == [1, 2, 3, 4])
        #expect(motion.map { $0["previous_frame"] as? Int } == [0, 1, 2, 3])
        for line in motion {
            let found = try #require(translation(line))
            #expect(abs(found.0 - 6) < 0.3 && abs(found.1 + 2) < 0.3, "\(found)")
        }
        let lanes = try #require(lines.last?["lanes"] as? [String: [String: Any]])
        #expect(lanes["motion"]?["detections"] as? Int == 4)
    }
}
