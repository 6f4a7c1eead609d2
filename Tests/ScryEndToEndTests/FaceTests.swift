import Foundation
import ScryTestSupport
import Testing

/// `--faces` on image files, dumps and real-time replays, on dlib's labelled photos.
@Suite struct FaceTests {
    let groupPhoto = RepositoryPaths.facePhotos.appendingPathComponent("2008_002470.jpg").path

    func faceLines(_ result: ProcessResult) throws -> [[String: Any]] {
        try jsonLines(result).filter { $0["type"] as? String == "face" }
    }

    @Test func anImageFileGivesAFaceLinePerFace() throws {
        let result = try scry(["image", "--faces", "--no-barcodes", "--no-text", "--stats", groupPhoto])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let lines = try jsonLines(result)
        #expect(lines.first?["detectors"] as? [String] == ["face"])
        let faces = try faceLines(result)
        #expect(faces.count == 6)
        #expect(faces.allSatisfy { $0["file"] as? String == groupPhoto && $0["track"] == nil })
        // Normalized bounds have the origin at the bottom-left: y flipped against pixel rows.
        for face in faces {
            let pixels = face["pixel_bounds"] as! [String: Double], bounds = face["bounds"] as! [String: Double]
            #expect(abs(bounds["y"]! - (332 - pixels["y"]! - pixels["height"]!) / 332) < 1e-4)
            let keypoints = face["pixel_keypoints"] as! [String: [String: Double]]
            #expect(keypoints["right_eye"]!["x"]! < keypoints["left_eye"]!["x"]!)
        }
        let stats = try #require(lines.last)
        let lanes = try #require(stats["lanes"] as? [String: [String: Any]])
        #expect(Array(lanes.keys) == ["face"])
        #expect(lanes["face"]?["detections"] as? Int == 6)
    }

    @Test func facesAreOffByDefaultAndBarcodesAreTheSameWithThem() throws {
        let photo = RepositoryPaths.eval.appendingPathComponent("barcodes/ean13-1").path
        let images = try FileManager.default.contentsOfDirectory(atPath: photo).filter { $0.hasSuffix(".webp") }.sorted().prefix(3)
            .map { photo + "/" + $0 }
        let without = try scry(["image", "--no-text"] + images)
        let with = try scry(["image", "--no-text", "--faces"] + images)
        #expect(without.status == 0 && with.status == 0, "\(with.stderr)")
        #expect(try faceLines(without).isEmpty)
        let barcodes = { (result: ProcessResult) in result.stdoutLines.filter { $0.contains("\"type\":\"barcode\"") } }
        #expect(barcodes(with) == barcodes(without))
        #expect(!barcodes(with).isEmpty)
    }

    @Test func aColourDumpReplayedConfirmsEachFaceOnceAndInRealTimeSeesEachFace() throws {
        let directory = try makeTemporaryDirectory()
        let dump = directory.appendingPathComponent("group.scrydump").path
        let create = try scry(["dump", "create", "--repeat", "15", "-o", dump, groupPhoto])
        #expect(create.status == 0, "\(create.stderr)")
        let result = try scry(["replay", "--faces", "--no-barcodes", "--no-text", dump])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let faces = try faceLines(result)
        let confirmed = faces.filter { $0["event"] as? String == "confirmed" }
        #expect(confirmed.count == 6)
        #expect(Set(confirmed.compactMap { $0["track"] as? Int }).count == 6)
        #expect(faces.filter { $0["event"] as? String == "lost" }.count == 6)
        // In real time a busy lane may take only the first and the last frame, which between
        // them cover every tile of the live profile: each face is seen (--every-frame), in its
        // place, and no track is confirmed twice.
        // Two seconds of frames, so that a lane thread a busy machine starts late still gets two.
        let longer = directory.appendingPathComponent("group-2s.scrydump").path
        let created = try scry(["dump", "create", "--repeat", "60", "-o", longer, groupPhoto])
        #expect(created.status == 0, "\(created.stderr)")
        let live = try scry(["replay", "--realtime", "--every-frame", "--faces", "--no-barcodes", "--no-text", longer])
        #expect(live.status == 0, "\(live.stderr)")
        try expectValidLines(live)
        let sightings = try faceLines(live).filter { $0["event"] as? String != "lost" }
        let box = { (line: [String: Any]) -> [Double] in
            let b = line["pixel_bounds"] as! [String: Double]
            return [b["x"]!, b["y"]!, b["width"]!, b["height"]!]
        }
        let stillBoxes = confirmed.map(box)
        for still in stillBoxes {
            #expect(sightings.contains { line in
                let b = box(line)
                let w = max(0, min(b[0] + b[2], still[0] + still[2]) - max(b[0], still[0]))
                let h = max(0, min(b[1] + b[3], still[1] + still[3]) - max(b[1], still[1]))
                return w * h >= 0.5 * (b[2] * b[3] + still[2] * still[3] - w * h)
            })
        }
        let liveConfirmed = try faceLines(live).filter { $0["event"] as? String == "confirmed" }.compactMap { $0["track"] as? Int }
        #expect(Set(liveConfirmed).count == liveConfirmed.count)
    }

    @Test func aMissingFaceModelIsStatus69AndBadOptionsAreUsageErrors() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SCRY_MODEL_DIR"] = try makeTemporaryDirectory().path
        let missing = try runProcess(RepositoryPaths.scryExecutable, ["image", "--faces", "--no-text", groupPhoto], environment: environment)
        #expect(missing.status == 69, "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("face_detection_full_range.tflite"))
        #expect(missing.stdout.isEmpty)
        // Without --faces the face model is not needed.
        let barcodes = try runProcess(RepositoryPaths.scryExecutable, ["image", "--no-text", groupPhoto], environment: environment)
        #expect(barcodes.status == 0, "\(barcodes.stderr)")
        let zero = try scry(["image", "--faces", "--min-face-size", "0", groupPhoto])
        #expect(zero.status == 64 && zero.stderr.contains("--min-face-size"))
        let facesOnly = try scry(["image", "--faces", "--no-barcodes", "--no-text", "--min-face-size", "0.1", groupPhoto])
        #expect(facesOnly.status == 0, "\(facesOnly.stderr)")
    }

    @Test func faceLandmarksComeAsVisionsRegions() throws {
        let result = try scry(["image", "--face-landmarks", "--no-barcodes", "--no-text", groupPhoto])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValidLines(result)
        let faces = try faceLines(result)
        #expect(faces.count == 6)
        for face in faces {
            let regions = try #require(face["pixel_landmarks"] as? [String: [[String: Double]]])
            #expect(regions.count == 12 && regions["right_pupil"]?.count == 1 && regions["outer_lips"]?.count == 20)
            #expect((face["landmarks"] as? [String: Any])?.count == 12)
        }
        // Without it, no landmarks; a missing mesh model is status 69 naming it.
        let plain = try scry(["image", "--faces", "--no-barcodes", "--no-text", groupPhoto])
        #expect(try faceLines(plain).allSatisfy { $0["landmarks"] == nil })
        let models = try makeTemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: "/usr/local/share/scry/models/face_detection_full_range.tflite",
            toPath: models.appendingPathComponent("face_detection_full_range.tflite").path)
        var environment = ProcessInfo.processInfo.environment
        environment["SCRY_MODEL_DIR"] = models.path
        let detectorOnly = try runProcess(RepositoryPaths.scryExecutable, ["image", "--faces", "--no-text", groupPhoto], environment: environment)
        #expect(detectorOnly.status == 0, "\(detectorOnly.stderr)")
        let missing = try runProcess(
            RepositoryPaths.scryExecutable, ["image", "--face-landmarks", "--no-text", groupPhoto], environment: environment)
        #expect(missing.status == 69 && missing.stderr.contains("face_landmark.tflite"), "\(missing.stderr)")
    }

    @Test func annotatedPicturesDrawTheFaces() throws {
        let directory = try makeTemporaryDirectory()
        let result = try scry(["image", "--face-landmarks", "--no-barcodes", "--no-text", "--annotate", directory.path, groupPhoto])
        #expect(result.status == 0, "\(result.stderr)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(pictures.count == 1 && pictures.allSatisfy { $0.hasSuffix(".png") })
        // Each face's box holds its landmarks' polylines, in their cyan.
        let picture = try RGBPicture(path: directory.appendingPathComponent(pictures[0]).path)
        let faces = try jsonLines(result).filter { $0["type"] as? String == "face" }
        #expect(!faces.isEmpty)
        for face in faces {
            let box = try #require(face["pixel_bounds"] as? [String: Double])
            let cyan = picture.count(
                of: (0, 200, 220), x: Int(box["x"]!), y: Int(box["y"]!), width: Int(box["width"]!), height: Int(box["height"]!))
            #expect(Double(cyan) > 0.02 * box["width"]! * box["height"]!, "\(box): \(cyan) landmark pixels")
        }
    }
}
