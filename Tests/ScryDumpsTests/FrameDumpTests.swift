import Foundation
import ScryTestSupport
import SystemPackage
import Testing
import ScryCore
import ScryDumps

private func sampleFrames(count: Int) -> [Frame] {
    (0..<count).map { index in
        let pixels = (0..<(64 * 48)).map { UInt8(truncatingIfNeeded: $0 &* (index + 3)) }
        let image = GrayImage(width: 64, height: 48, pixels: pixels)
        return try! Frame(
            image: image, pixelFormat: index.isMultiple(of: 2) ? .yuyv : .grey,
            sequence: UInt64(100 + index), timestampNanoseconds: UInt64(index) * 33_333_333)
    }
}

private func writeDump(_ frames: [Frame]) throws -> URL {
    let url = try makeTemporaryDirectory().appendingPathComponent("test.scrydump")
    let writer = try FrameDumpWriter(path: FilePath(url.path))
    for frame in frames { try writer.write(frame) }
    try writer.close()
    return url
}

private func readAll(_ url: URL) throws -> (frames: [Frame], truncation: FrameDumpTruncation?) {
    let reader = try FrameDumpReader(path: FilePath(url.path))
    var frames: [Frame] = []
    while let frame = try reader.next() { frames.append(frame) }
    return (frames, reader.truncation)
}

@Test func dumpRoundTripsEveryField() throws {
    let frames = sampleFrames(count: 5)
    let (read, truncation) = try readAll(try writeDump(frames))
    #expect(read == frames)
    #expect(truncation == nil)
}

@Test func headerOnlyDumpHasNoFrames() throws {
    let (read, truncation) = try readAll(try writeDump([]))
    #expect(read.isEmpty && truncation == nil)
}

@Test func truncationAtAnyPointKeepsEveryCompleteFrame() throws {
    let frames = sampleFrames(count: 3)
    let url = try writeDump(frames)
    let bytes = try Data(contentsOf: url)
    let recordLengths = frames.map { FrameDumpFormat.recordHeaderLength + $0.payload.count }
    let thirdRecordStart = FrameDumpFormat.headerLength + recordLengths[0] + recordLengths[1]
    // Cut inside the third record's header, just after it, and inside its payload.
    for cut in [thirdRecordStart + 1, thirdRecordStart + 43, thirdRecordStart + 44, bytes.count - 1] {
        let cutURL = url.deletingLastPathComponent().appendingPathComponent("cut-\(cut).scrydump")
        try bytes.prefix(cut).write(to: cutURL)
        let (read, truncation) = try readAll(cutURL)
        #expect(read == Array(frames.prefix(2)), "cut at \(cut)")
        #expect(truncation?.completeFrames == 2)
        #expect(truncation?.offset == Int64(thirdRecordStart))
    }
}

@Test func corruptDumpsAreRejected() throws {
    let url = try writeDump(sampleFrames(count: 2))
    let original = try Data(contentsOf: url)

    func rejected(_ change: (inout Data) -> Void) throws -> FrameDumpError? {
        var bytes = original
        change(&bytes)
        let damaged = url.deletingLastPathComponent().appendingPathComponent("damaged.scrydump")
        try bytes.write(to: damaged)
        do {
            _ = try readAll(damaged)
            return nil
        } catch let error as FrameDumpError {
            return error
        }
    }

    #expect(try rejected { $0[0] = UInt8(ascii: "X") } == .badMagic)
    #expect(try rejected { $0[8] = 3 } == .unsupportedVersion(3))
    #expect(try rejected { $0[8] = 0 } == .unsupportedVersion(0))
    // Version 2 (may hold MJPG) reads as version 1 does.
    #expect(try rejected { $0[8] = 2 } == nil)
    // A flipped payload byte in the first frame.
    let payloadByte = FrameDumpFormat.headerLength + FrameDumpFormat.recordHeaderLength + 10
    if case .checksumMismatch(let index, let offset, _, _) = try rejected({ $0[payloadByte] ^= 0xff }) {
        #expect(index == 0 && offset == 16)
    } else {
        Issue.record("a flipped payload byte must fail the CRC")
    }
    // A width of zero, then an absurd one.
    let widthByte = FrameDumpFormat.headerLength + 24
    if case .impossibleRecord = try rejected({ for i in 0..<4 { $0[widthByte + i] = 0 } }) {} else {
        Issue.record("width 0 must be impossible")
    }
    if case .impossibleRecord = try rejected({ $0[widthByte + 3] = 0x7f }) {} else {
        Issue.record("a huge width must be impossible")
    }
    #expect(try rejected { $0 = $0.prefix(5) } == .missingHeader(length: 5))
}

@Test func missingDumpIsAnIOError() {
    #expect(throws: FrameDumpError.io(operation: "open", errno: .noSuchFileOrDirectory)) {
        _ = try FrameDumpReader(path: "/nonexistent/x.scrydump")
    }
}

/// A dump read from a pipe, after its first bytes were read by someone telling it from an
/// image: every frame comes back.
@Test func aDumpIsReadFromAnOpenPipeAfterItsFirstBytes() throws {
    let frames = sampleFrames(count: 3)
    let bytes = try Data(contentsOf: try writeDump(frames))
    let pipe = try FileDescriptor.pipe()
    let writer = Thread {
        _ = try? bytes.withUnsafeBytes { try pipe.writeEnd.writeAll($0) }
        try? pipe.writeEnd.close()
    }
    writer.start()
    var prefix = [UInt8](repeating: 0, count: 8)
    _ = try prefix.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
    let reader = try FrameDumpReader(file: pipe.readEnd, alreadyRead: prefix, closesFile: true)
    var read: [Frame] = []
    while let frame = try reader.next() { read.append(frame) }
    #expect(read == frames)
    #expect(reader.truncation == nil)
}

/// A record claiming a huge payload in a short file is a truncation, found without
/// allocating what it claims (the reader grows its buffer with the bytes it really gets).
@Test func aHugeClaimInAShortFileIsATruncation() throws {
    let url = try writeDump(sampleFrames(count: 1))
    var bytes = try Data(contentsOf: url)
    let claimed = 16384 * 16384 * 2
    var record = FrameDumpFormat.recordMagic
    for value in [UInt64(9), 0] { withUnsafeBytes(of: value.littleEndian) { record += $0 } }
    for value in [PixelFormat.yuyv.rawValue, 16384, 16384, 32768, UInt32(claimed), 0] as [UInt32] {
        withUnsafeBytes(of: value.littleEndian) { record += $0 }
    }
    bytes += record + [UInt8](repeating: 7, count: 100)
    try bytes.write(to: url)
    let (frames, truncation) = try readAll(url)
    #expect(frames.count == 1)
    #expect(truncation?.neededBytes == 44 + claimed)
    #expect(truncation?.presentBytes == 144)
}
