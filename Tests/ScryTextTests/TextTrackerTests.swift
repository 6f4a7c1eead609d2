import ScryCore
import ScryText
import Testing

private func line(y: Double, x: Double = 100, text: String? = nil) -> TextObservation {
    TextObservation(level: .line, pixelBounds: PixelRect(x: x, y: y, width: 600, height: 30), text: text)
}

private let frameTime: UInt64 = 33_333_333

private func events(_ reports: [TextTracker.Report]) -> [String] {
    reports.map { "\($0.track) \($0.event.rawValue) \($0.frame)" }
}

@Test func aStillPageYieldsEachLineOnceInReadingOrder() {
    var tracker = TextTracker(lostAfterNanoseconds: 100_000_000)
    let page = [line(y: 100), line(y: 150), line(y: 200)]
    #expect(events(tracker.update(frame: 0, timestampNanoseconds: 0, items: page)) == ["1 confirmed 0", "2 confirmed 0", "3 confirmed 0"])
    // Held still, jittering by a pixel or two: the same tracks, seen.
    let jittered = [line(y: 101, x: 102), line(y: 151), line(y: 199)]
    #expect(events(tracker.update(frame: 1, timestampNanoseconds: frameTime, items: jittered)) == ["1 seen 1", "2 seen 1", "3 seen 1"])
    // The page turned: the old lines are lost (after the gap), the new ones are new tracks.
    let turned = [line(y: 400), line(y: 450)]
    #expect(events(tracker.update(frame: 2, timestampNanoseconds: 2 * frameTime, items: turned)) == ["4 confirmed 2", "5 confirmed 2"])
    #expect(events(tracker.update(frame: 6, timestampNanoseconds: 6 * frameTime, items: turned))
        == ["1 lost 1", "2 lost 1", "3 lost 1", "4 seen 6", "5 seen 6"])
    #expect(events(tracker.finish()) == ["4 lost 6", "5 lost 6"])
}

@Test func aSlowLaneDoesNotLoseLinesBetweenTwoFramesThatShowThem() {
    var tracker = TextTracker(lostAfterNanoseconds: 500_000_000)
    _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [line(y: 100)])
    // The next analysed frame comes 1.2 s later (recognition is slow) and still shows it.
    #expect(events(tracker.update(frame: 36, timestampNanoseconds: 36 * frameTime, items: [line(y: 100)])) == ["1 seen 36"])
}

@Test func eachTrackTakesOneLineAFrame() {
    var tracker = TextTracker()
    _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [line(y: 100)])
    // Two lines where one was: the better overlap continues it, the other is new.
    let reports = tracker.update(frame: 1, timestampNanoseconds: frameTime, items: [line(y: 112), line(y: 101)])
    #expect(events(reports) == ["2 confirmed 1", "1 seen 1"])
}

@Test func readingsOfAnotherLineInTheSamePlaceStartAnotherTrack() {
    var tracker = TextTracker(lostAfterNanoseconds: 500_000_000)
    let box = PixelRect(x: 100, y: 100, width: 400, height: 20)
    let first = tracker.update(frame: 1, timestampNanoseconds: 0, items: [TextObservation(level: .line, pixelBounds: box, text: "It is a truth universally acknowledged")])
    // The same line read a little differently continues its track...
    let again = tracker.update(frame: 2, timestampNanoseconds: 33_000_000, items: [TextObservation(level: .line, pixelBounds: box, text: "It is a truth universaly acknowledged")])
    #expect(first.map(\.event) == [.confirmed] && again.map(\.event) == [.seen] && again[0].track == first[0].track)
    // ...the next page's line in the same place is another line.
    let turned = tracker.update(frame: 3, timestampNanoseconds: 66_000_000, items: [TextObservation(level: .line, pixelBounds: box, text: "that a single man in possession of a good")])
    #expect(turned.filter { $0.event == .confirmed }.count == 1 && turned.first { $0.event == .confirmed }?.track != first[0].track)
    #expect(TextTracker.isSameText(nil, "anything") && TextTracker.isSameText("abc", "abc") && !TextTracker.isSameText("", "abcdef"))
}

@Test func aLineReportedBeforeItWasReadGetsItsTextAsARead() {
    var tracker = TextTracker(lostAfterNanoseconds: 100_000_000, unreadLinesAreNew: true)
    let pending = line(y: 100), read = line(y: 100, text: "It is a truth universally acknowledged")
    #expect(events(tracker.update(frame: 0, timestampNanoseconds: 0, items: [pending])) == ["1 confirmed 0"])
    #expect(events(tracker.update(frame: 1, timestampNanoseconds: frameTime, items: [pending])) == ["1 seen 1"])
    // Its reading comes: once a read, then seen.
    let reports = tracker.update(frame: 2, timestampNanoseconds: 2 * frameTime, items: [read])
    #expect(events(reports) == ["1 read 2"] && reports[0].item.text == read.text)
    #expect(events(tracker.update(frame: 3, timestampNanoseconds: 3 * frameTime, items: [read])) == ["1 seen 3"])
    // The next page's line where it was, not read yet, is another line, and so is its reading.
    #expect(events(tracker.update(frame: 4, timestampNanoseconds: 4 * frameTime, items: [pending])) == ["2 confirmed 4"])
    let next = line(y: 100, text: "that a single man in possession of a good")
    #expect(events(tracker.update(frame: 8, timestampNanoseconds: 8 * frameTime, items: [next])) == ["1 lost 3", "2 read 8"])
}

@Test func withoutUnreadLinesALineWithoutTextContinuesARead() {
    // Tesseract's lines: one read as nothing in a frame is still the line read before.
    var tracker = TextTracker()
    _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [line(y: 100, text: "It is a truth")])
    #expect(events(tracker.update(frame: 1, timestampNanoseconds: frameTime, items: [line(y: 100)])) == ["1 seen 1"])
    // Its text is still the one it was read as: another reading in its place is another line.
    let other = tracker.update(frame: 2, timestampNanoseconds: 2 * frameTime, items: [line(y: 100, text: "Sense and Sensibility, by")])
    #expect(other.map(\.event) == [.confirmed] && other[0].track == 2)
}

@Test func linesMovedWithTheSceneContinueTheirTracks() {
    var tracker = TextTracker(lostAfterNanoseconds: 2_000_000_000, unreadLinesAreNew: true)
    _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [line(y: 100, x: 100), line(y: 150, x: 100)])
    // The page slid 400 px right before the next frame looked at: unmoved, the tracks' boxes
    // no longer overlap the lines, which would start new tracks.
    let slid = [line(y: 100, x: 500, text: "Chapter One"), line(y: 150, x: 500)]
    var unmoved = tracker
    #expect(events(unmoved.update(frame: 30, timestampNanoseconds: 30 * frameTime, items: slid)) == ["3 confirmed 30", "4 confirmed 30"])
    tracker.moveOpenTracks { $0.moved(by: PixelPoint(x: 400, y: 0)) }
    #expect(events(tracker.update(frame: 30, timestampNanoseconds: 30 * frameTime, items: slid)) == ["1 read 30", "2 seen 30"])
    // What a lost track reports is its last place, moved.
    let lost = tracker.finish()
    #expect(lost.map(\.item.pixelBounds.x) == [500, 500])
}
