import Foundation
import ScryCore
import ScryImageIO
import ScryPipeline
import ScryTestSupport
import SystemPackage
import Testing

/// What a source gave, in order: each frame (its width, sequence number and the origin
/// `current` named) and each file it reported unreadable.
private func everythingRead(from inputs: [FileFrameSource.Input], readsDumps: Bool) throws -> [String] {
    var events: [String] = []
    let source = FileFrameSource(inputs, readsDumps: readsDumps) { input, failure in
        switch failure {
        case .cannotOpen: events.append("cannot open \(input.name)")
        case .image: events.append("not an image \(input.name)")
        case .dump, .truncatedDump: events.append("dump \(input.name)")
        }
    }
    while true {
        switch try source.next() {
        case .frame(let frame, _):
            events.append("frame \(frame.width)x\(frame.height) #\(frame.sequence) \(source.current!.origin.description)")
        case .nothingYet: continue
        case .end: return events
        }
    }
}

/// Images, a missing file and a file that is no image, in the order given.
private func mixedInputs(in directory: URL) throws -> [FileFrameSource.Input] {
    var inputs: [FileFrameSource.Input] = []
    for (index, name) in ["a.png", "missing.png", "b.png", "notes.png", "c.png", "d.png"].enumerated() {
        let path = directory.appendingPathComponent(name).path
        if name.hasPrefix("notes") {
            try Data("not a picture, only words in a file".utf8).write(to: URL(fileURLWithPath: path))
        } else if !name.hasPrefix("missing") {
            // Each image its own size, so that a frame shows which file it came from.
            let image = GrayImage(width: 20 + index, height: 10 + index, filledWith: UInt8(40 * index))
            try ImageFile.writePNG(image, to: FilePath(path))
        }
        inputs.append(FileFrameSource.Input(path: FilePath(path), name: name))
    }
    return inputs
}

@Test func imagesReadAheadComeInTheirOrderWithTheFailuresBetween() throws {
    let directory = try makeTemporaryDirectory()
    let inputs = try mixedInputs(in: directory)
    // Images only: each next image is read while the one before it is taken.
    let events = try everythingRead(from: inputs, readsDumps: false)
    #expect(events == [
        "frame 20x10 #0 a.png",
        "cannot open missing.png",
        "frame 22x12 #2 b.png",
        "not an image notes.png",
        "frame 24x14 #4 c.png",
        "frame 25x15 #5 d.png",
    ])
}

@Test func imagesReadAheadGiveWhatImagesReadInTurnGive() throws {
    let directory = try makeTemporaryDirectory()
    let inputs = try mixedInputs(in: directory)
    // Where dumps may be among the inputs, each file is read when it is come to; the frames
    // and failures are the same, but for the file that is no image, which is also no dump.
    let ahead = try everythingRead(from: inputs, readsDumps: false)
    let inTurn = try everythingRead(from: inputs, readsDumps: true)
    #expect(ahead == inTurn)
    // Asked for again and again, the same.
    for _ in 0..<20 { #expect(try everythingRead(from: inputs, readsDumps: false) == ahead) }
}
