import ScryCore
import ScryPipeline
import Testing

private func estimate(_ degrees: Int, _ confidence: Double = 12) -> OrientationEstimate {
    OrientationEstimate(clockwiseDegrees: degrees, confidence: confidence)
}

@Test func clockwiseTurnsMapToTheOrientationThatUndoesThem() {
    #expect(estimate(0).imageOrientation == .up)
    #expect(estimate(90).imageOrientation == .left)
    #expect(estimate(180).imageOrientation == .down)
    #expect(estimate(270).imageOrientation == .right)
    #expect(estimate(-90).imageOrientation == .right)
    #expect(estimate(45).imageOrientation == nil)
}

@Test func theFirstConfidentEstimateSettlesAndLaterChangesNeedTwoInARow() {
    var auto = AutoOrientation()
    #expect(auto.update(nil) == nil)
    #expect(auto.update(estimate(90, 3)) == nil)  // not confident
    #expect(!auto.isSettled && auto.current == .up)
    #expect(auto.update(estimate(0)) == .up)  // settled, reported even though unchanged
    #expect(auto.update(estimate(90)) == nil)  // one frame says otherwise: not yet
    #expect(auto.update(estimate(0)) == nil)  // and the next agrees with the current: forgotten
    #expect(auto.update(estimate(90)) == nil)
    #expect(auto.update(estimate(90)) == .left)
    #expect(auto.current == .left)
}

@Test func estimatesAreDueEveryFewFramesThenEveryThirty() {
    var auto = AutoOrientation()
    let unsettled = (0..<10).map { _ in auto.isEstimateDue() }
    #expect(unsettled == [true, false, false, false, false, true, false, false, false, false])
    _ = auto.update(estimate(0))
    var due = 0
    for _ in 0..<(AutoOrientation.settledInterval * 2) where auto.isEstimateDue() { due += 1 }
    #expect(due == 2)
}
