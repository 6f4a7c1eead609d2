import ScryBarcode
import ScryCore
import Testing

private func code(_ symbology: Symbology, _ payload: String, x: Double = 100, engines: [String] = ["zxing"]) -> BarcodeObservation {
    BarcodeObservation(
        symbology: symbology, payload: Array(payload.utf8),
        corners: [PixelPoint(x: x, y: 100), PixelPoint(x: x + 50, y: 100), PixelPoint(x: x + 50, y: 150), PixelPoint(x: x, y: 150)],
        engines: engines)
}

private let frameNanoseconds: UInt64 = 33_333_333

private func events(_ reports: [BarcodeTracker.Report]) -> [String] {
    reports.map { "\($0.track) \($0.event.rawValue) \($0.frame)" }
}

@Test func errorCorrectedCodesAreConfirmedAtOnceAndLostAfterTheGap() {
    var tracker = BarcodeTracker(lostAfterNanoseconds: 100_000_000)
    let qr = code(.qr_code, "hello")
    #expect(events(tracker.update(frame: 0, timestampNanoseconds: 0, items: [qr])) == ["1 confirmed 0"])
    #expect(events(tracker.update(frame: 1, timestampNanoseconds: frameNanoseconds, items: [qr])) == ["1 seen 1"])
    // Unseen for 2 frames (67 ms): still open.
    #expect(events(tracker.update(frame: 3, timestampNanoseconds: 3 * frameNanoseconds, items: [])).isEmpty)
    // Unseen for 4 frames (133 ms > 100 ms): lost, reported with its last sighting.
    #expect(events(tracker.update(frame: 5, timestampNanoseconds: 5 * frameNanoseconds, items: [])) == ["1 lost 1"])
    // Seen again later: a new track.
    #expect(events(tracker.update(frame: 6, timestampNanoseconds: 6 * frameNanoseconds, items: [qr])) == ["2 confirmed 6"])
    #expect(events(tracker.finish()) == ["2 lost 6"])
}

@Test func aLinearCodeOneEngineReadNeedsASecondFrame() {
    var tracker = BarcodeTracker()
    let code128 = code(.code_128, "SCRY")
    #expect(events(tracker.update(frame: 0, timestampNanoseconds: 0, items: [code128])) == ["1 unconfirmed 0"])
    #expect(events(tracker.update(frame: 1, timestampNanoseconds: frameNanoseconds, items: [code128])) == ["1 confirmed 1"])
    // Both engines agreeing is enough at once.
    let ean = code(.ean_13, "9780262033848", x: 400, engines: ["zbar", "zxing"])
    #expect(events(tracker.update(frame: 2, timestampNanoseconds: 2 * frameNanoseconds, items: [ean])) == ["2 confirmed 2"])
}

@Test func anUnconfirmedSightingIsDroppedSilently() {
    var tracker = BarcodeTracker(lostAfterNanoseconds: 50_000_000)
    _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [code(.ean_13, "4006381333931")])
    // A different number next frame (a misread): neither is confirmed.
    #expect(events(tracker.update(frame: 1, timestampNanoseconds: frameNanoseconds, items: [code(.ean_13, "4006381333900")])) == ["2 unconfirmed 1"])
    #expect(events(tracker.update(frame: 9, timestampNanoseconds: 9 * frameNanoseconds, items: [])).isEmpty)
    #expect(tracker.finish().isEmpty)
}

@Test func twoEqualCodesInOneFrameAreTwoTracksFollowedByPosition() {
    var tracker = BarcodeTracker()
    let left = code(.qr_code, "same", x: 0)
    let right = code(.qr_code, "same", x: 600)
    #expect(events(tracker.update(frame: 0, timestampNanoseconds: 0, items: [left, right])) == ["1 confirmed 0", "2 confirmed 0"])
    // Listed the other way round next frame, each continues the nearest track.
    let reports = tracker.update(frame: 1, timestampNanoseconds: frameNanoseconds, items: [code(.qr_code, "same", x: 590), code(.qr_code, "same", x: 10)])
    #expect(events(reports) == ["2 seen 1", "1 seen 1"])
}
