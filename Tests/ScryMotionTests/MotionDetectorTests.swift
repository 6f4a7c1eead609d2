import Foundation
import ScryCore
import ScryImageIO
import ScryMotion
import ScryTestSupport
import SystemPackage
import Testing

/// A camera panning over a real photo (windows of it cut by ImageMagick at known places), then a
/// cut to another photo: each frame's motion line gives the known shift, the cut is not
/// aligned, and the lane names the frame each line maps into.
struct MotionDetectorTests {
    private func input(_ image: GrayImage, frame: UInt64) -> DetectorInput {
        DetectorInput(
            frame: Frame(
                sequence: frame, timestampNanoseconds: frame * 33_333_333, pixelFormat: .grey, width: image.width,
                height: image.height, bytesPerLine: image.width, payload: image.pixels),
            upright: image)
    }

    /// The 1280x720 window of `photo` whose top-left corner is at `left`, `top`.
    private func window(_ photo: String, left: Int, top: Int, in directory: URL) throws -> GrayImage {
        let path = directory.appendingPathComponent("window-\(left)-\(top).png").path
        try runTool("convert", [photo, "-colorspace", "Gray", "-crop", "1280x720+\(left)+\(top)", "+repage", path])
        return try ImageFile.readGray(path: FilePath(path))
    }

    @Test func aPanIsFollowedFrameToFrameAndACutIsNot() throws {
        let directory = try makeTemporaryDirectory()
        let faces = RepositoryPaths.facePhotos.appendingPathComponent("bald_guys.jpg").path
        let places = [(300, 400), (308, 397), (330, 390), (330, 390), (290, 420), (250, 470)]
        var frames = try places.map { try window(faces, left: $0.0, top: $0.1, in: directory) }
        // The cut: another photo, enlarged to the frame.
        let dogs = directory.appendingPathComponent("dogs.png").path
        try runTool("convert", [RepositoryPaths.facePhotos.appendingPathComponent("dogs.jpg").path, "-colorspace", "Gray", "-resize", "1280x720!", dogs])
        frames.append(try ImageFile.readGray(path: FilePath(dogs)))
        let detector = MotionDetector()
        var lines: [MotionLine] = []
        for (index, frame) in frames.enumerated() {
            let output = try detector.detect(input(frame, frame: UInt64(index)))
            lines += output.events.map { $0 as! MotionLine }
            #expect(output.detections == (index > 0 && index < places.count ? 1 : 0))
        }
        #expect(lines.count == frames.count - 1)
        for (index, line) in lines.enumerated() where index + 1 < places.count {
            #expect(line.source == .frame(sequence: UInt64(index + 1)))
            #expect(line.motion.previous == .frame(sequence: UInt64(index)))
            // This frame's pixel (x, y) is the previous frame's (x + dx, y + dy).
            let dx = Double(places[index + 1].0 - places[index].0), dy = Double(places[index + 1].1 - places[index].1)
            let translation = try #require(line.motion.alignment.homography?.translation(ofImageOf: ImageSize(width: 1280, height: 720)))
            #expect(abs(translation.x - dx) < 0.3 && abs(translation.y - dy) < 0.3, "frame \(index + 1): \(translation), truth \(dx), \(dy)")
        }
        #expect(lines.last?.motion.alignment.homography == nil)
    }

    @Test func framesTooSmallOrOfANewSizeStartAfresh() throws {
        let detector = MotionDetector()
        let photo = try window(
            RepositoryPaths.facePhotos.appendingPathComponent("bald_guys.jpg").path, left: 300, top: 400,
            in: try makeTemporaryDirectory())
        let tiny = GrayImage(width: 2, height: 2, pixels: [0, 255, 255, 0])
        let strip = GrayImage(width: 4000, height: 3, pixels: (0..<12000).map { UInt8($0 % 256) })
        var counts: [Int] = []
        for (index, image) in [photo, tiny, tiny, strip, photo, photo].enumerated() {
            counts.append(try detector.detect(input(image, frame: UInt64(index))).events.count)
        }
        // Only the last frame follows a frame of its size that could be followed.
        #expect(counts == [0, 0, 0, 0, 0, 1])
    }
}
