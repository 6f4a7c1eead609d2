import ScryCore
import Testing

@testable import ScryFaces

@Suite struct FaceTrackerTests {
    func face(x: Double, confidence: Double = 0.9) -> FaceObservation {
        let point = PixelPoint(x: x + 30, y: 130)
        return FaceObservation(
            pixelBounds: PixelRect(x: x, y: 100, width: 60, height: 60), confidence: confidence,
            keypoints: FaceKeypoints(
                rightEye: point, leftEye: point, noseTip: point, mouthCenter: point, rightEarTragion: point,
                leftEarTragion: point))
    }

    let frameTime: UInt64 = 33_333_333

    @Test func aFaceIsConfirmedAtItsSecondSightingAndFollowedAsItMoves() {
        var tracker = FaceTracker()
        let first = tracker.update(frame: 0, timestampNanoseconds: 0, items: [face(x: 100)])
        #expect(first.map(\.event) == [.unconfirmed])
        let second = tracker.update(frame: 1, timestampNanoseconds: frameTime, items: [face(x: 110)])
        #expect(second.map(\.event) == [.confirmed])
        #expect(second.first?.track == first.first?.track)
        let third = tracker.update(frame: 2, timestampNanoseconds: 2 * frameTime, items: [face(x: 120)])
        #expect(third.map(\.event) == [.seen])
    }

    @Test func aConfirmedFaceGoneLongerThanTheLostAfterTimeIsLost() {
        var tracker = FaceTracker(lostAfterNanoseconds: 500_000_000)
        _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [face(x: 100)])
        _ = tracker.update(frame: 1, timestampNanoseconds: frameTime, items: [face(x: 100)])
        #expect(tracker.update(frame: 10, timestampNanoseconds: 10 * frameTime, items: []).isEmpty)
        let lost = tracker.update(frame: 20, timestampNanoseconds: 20 * frameTime, items: [])
        #expect(lost.map(\.event) == [.lost])
        #expect(lost.first?.frame == 1)
    }

    @Test func aFaceSeenOnceIsDroppedSilently() {
        var tracker = FaceTracker()
        _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [face(x: 100)])
        #expect(tracker.update(frame: 30, timestampNanoseconds: 30 * frameTime, items: []).isEmpty)
        #expect(tracker.finish().isEmpty)
    }

    @Test func twoFacesAreTwoTracksAndTheStreamsEndLosesThem() {
        var tracker = FaceTracker()
        _ = tracker.update(frame: 0, timestampNanoseconds: 0, items: [face(x: 100), face(x: 400)])
        let second = tracker.update(frame: 1, timestampNanoseconds: frameTime, items: [face(x: 405), face(x: 95)])
        #expect(Set(second.map(\.track)).count == 2)
        #expect(second.allSatisfy { $0.event == .confirmed })
        #expect(tracker.finish().count == 2)
    }
}
