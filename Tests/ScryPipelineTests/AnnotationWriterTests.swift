import Foundation
import ScryCore
import ScryPipeline
import ScryTestSupport
import SystemPackage
import Testing

private func square(_ kind: String) -> Annotation {
    Annotation(lane: LaneKind(name: kind, detectionNoun: kind + "s"), outline: Annotation.corners(of: PixelRect(x: 10, y: 10, width: 20, height: 20)), label: "x")
}

private func pictures(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

@Test func picturesAreNamedAfterTheFrameOrTheFile() {
    #expect(AnnotationWriter.fileName(for: .streamFrame(stream: nil, sequence: 42)) == "frame-000042.png")
    #expect(AnnotationWriter.fileName(for: .streamFrame(stream: "x", sequence: 12_345_678)) == "frame-12345678.png")
    #expect(AnnotationWriter.fileName(for: .imageFile("photos/shelf.jpg")) == "photos_shelf.jpg.png")
    #expect(AnnotationWriter.fileName(for: .imageFile("/tmp/../a.png")) == "tmp_a.png.png")
}

/// A frame without detections gets no picture; a frame a second lane reports on is written
/// again (one picture, with both lanes' detections).
@Test func onlyFramesWithDetectionsArePictured() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("pictures")
    let writer = try AnnotationWriter(directory: FilePath(folder.path))
    let image = GrayImage(width: 64, height: 48, pixels: [UInt8](repeating: 200, count: 64 * 48))
    try writer.add(frame: grayFrame(1), origin: .streamFrame(stream: nil, sequence: 1), upright: image, lane: "barcode", annotations: [])
    try writer.add(frame: grayFrame(2), origin: .streamFrame(stream: nil, sequence: 2), upright: image, lane: "barcode", annotations: [square("barcode")])
    try writer.add(frame: grayFrame(2), origin: .streamFrame(stream: nil, sequence: 2), upright: image, lane: "text", annotations: [square("text")])
    #expect(pictures(in: folder) == ["frame-000002.png"])
    #expect(writer.picturesWritten == 1)
}

/// With a rate, a frame that comes too soon after the last picture gets none (a rate of one
/// picture in 1000 s: whatever the machine's speed, only the first frame is pictured).
@Test func aRateLimitSkipsFramesThatComeTooSoon() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try AnnotationWriter(directory: FilePath(directory.path), maximumPerSecond: 0.001)
    let image = GrayImage(width: 64, height: 48, pixels: [UInt8](repeating: 200, count: 64 * 48))
    for sequence in UInt64(1)...5 {
        try writer.add(
            frame: grayFrame(sequence), origin: .streamFrame(stream: nil, sequence: sequence), upright: image,
            lane: "barcode", annotations: [square("barcode")])
    }
    #expect(pictures(in: directory) == ["frame-000001.png"])
}

@Test func aDirectoryThatCannotBeMadeIsAnError() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("plain-file")
    try Data("x".utf8).write(to: file)
    #expect(throws: Errno.notDirectory) { try AnnotationWriter(directory: FilePath(file.path)) }
    #expect(throws: Errno.noSuchFileOrDirectory) {
        try AnnotationWriter(directory: FilePath(directory.appendingPathComponent("missing/deeper").path))
    }
}

/// In the background, pictures are written by the writer's own thread: after `finish()` the
/// rate-limited picture is there, and a picture that cannot be written is reported by
/// `finish()` (and by the next `add`).
@Test func backgroundPicturesAreWrittenAndTheirFailuresReported() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = GrayImage(width: 64, height: 48, pixels: [UInt8](repeating: 200, count: 64 * 48))
    let writer = try AnnotationWriter(directory: FilePath(directory.path), maximumPerSecond: 0.001, inBackground: true)
    for sequence in UInt64(1)...5 {
        try writer.add(
            frame: grayFrame(sequence), origin: .streamFrame(stream: nil, sequence: sequence), upright: image,
            lane: "barcode", annotations: [square("barcode")])
    }
    try writer.finish()
    #expect(pictures(in: directory) == ["frame-000001.png"])

    let gone = directory.appendingPathComponent("gone")
    let failing = try AnnotationWriter(directory: FilePath(gone.path), inBackground: true)
    try FileManager.default.removeItem(at: gone)
    try failing.add(
        frame: grayFrame(1), origin: .streamFrame(stream: nil, sequence: 1), upright: image, lane: "barcode",
        annotations: [square("barcode")])
    #expect(throws: AnnotationError.self) { try failing.finish() }
}
