import Foundation
import ScryTestSupport
import Testing

/// The demo's book page held still for 60 frames (2 s at 30 fps).
private func stillPageDump() throws -> String {
    let directory = try makeTemporaryDirectory()
    let exported = try scry(["dump", "export", demoDump, directory.path])
    #expect(exported.status == 0, "\(exported.stderr)")
    let dump = directory.appendingPathComponent("still.scrydump").path
    let created = try scry(["dump", "create", "-o", dump, "--repeat", "60", directory.appendingPathComponent("frame-000004.png").path])
    #expect(created.status == 0, "\(created.stderr)")
    return dump
}

@Test func aPageHeldStillYieldsEachLineOnce() throws {
    let dump = try stillPageDump()
    let result = try scry(["replay", "--no-barcodes", "--recognize", "--words", dump])
    #expect(result.status == 0, "\(result.stderr)")
    try expectValidLines(result)
    let texts = try jsonLines(result).filter { $0["type"] as? String == "text" }
    let lines = texts.filter { $0["level"] as? String == "line" }
    let confirmed = lines.filter { $0["event"] as? String == "confirmed" }
    #expect(confirmed.compactMap { $0["text"] as? String } == [
        "Chapter One", "The quick brown fox jumps over the lazy dog.", "A webcam pointed at a page of a book reads",
        "each line of text and every printed barcode.", "Scry reports them as lines of JSON, one by one.",
    ])
    #expect(confirmed.allSatisfy { $0["frame"] as? Int == 0 })
    // Each line is lost once, at the end, with its last sighting (the last frame).
    let lost = lines.filter { $0["event"] as? String == "lost" }
    #expect(lost.compactMap { $0["track"] as? Int } == confirmed.compactMap { $0["track"] as? Int })
    #expect(lost.allSatisfy { $0["frame"] as? Int == 59 })
    // Words come once, with their line's track.
    let words = texts.filter { $0["level"] as? String == "word" }
    #expect(words.count == 39)
    #expect(Set(words.compactMap { $0["track"] as? Int }) == Set(confirmed.compactMap { $0["track"] as? Int }))

    let everyFrame = try scry(["replay", "--no-barcodes", "--every-frame", dump])
    let seen = try jsonLines(everyFrame).filter { $0["event"] as? String == "seen" }
    #expect(seen.count == 5 * 59)
}

@Test func theRealtimeTextLaneReusesAStillPage() throws {
    let dump = try stillPageDump()
    let result = try scry(["replay", "--realtime", "--no-barcodes", "--stats", dump])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try jsonLines(result)
    let stats = try #require(lines.last)
    let lane = try #require((stats["lanes"] as? [String: Any])?["text"] as? [String: Any])
    // Every frame is analysed or counted as dropped, and the page's five lines are confirmed
    // once each. (That a still scene costs a signature, not a layout analysis, is
    // StreamingTextReaderTests' liveStillScenesSkipTheDetector; how many frames the lane keeps
    // up with depends on how busy the machine is, and is printed, not asserted.)
    let processed = try #require(lane["processed"] as? Int)
    let dropped = try #require(lane["dropped"] as? Int)
    #expect(processed + dropped == 60, "\(lane)")
    #expect(lines.filter { $0["event"] as? String == "confirmed" }.count == 5)
    print("replay --realtime of a still page, 60 frames: text lane \(processed) processed, \(dropped) dropped")
}
