import ScryPipeline

/// What the live view did in a run, for the stderr summary.
public struct ViewReport: Sendable {
    /// Frames encoded for browsers, and handed to them (a frame shown to two browsers counts twice).
    public var framesEncoded: Int
    public var framesServed: Int
    /// Browsers that connected, and those dropped for falling behind.
    public var browsers: Int
    public var browsersDropped: Int
    /// From a frame's capture to a browser reporting it on screen.
    public var shownDelay: LatencyStatistics

    /// "view: 2 browsers, 212 frames shown, shown p50 41 ms p95 77 ms behind capture".
    public var summary: String {
        var text = "view: \(browsers) browser\(browsers == 1 ? "" : "s")"
        if browsersDropped > 0 { text += " (\(browsersDropped) dropped for falling behind)" }
        text += ", \(framesEncoded) frames encoded, \(framesServed) sent"
        if let p50 = shownDelay.percentileMilliseconds(50), let p95 = shownDelay.percentileMilliseconds(95) {
            text += ", on screen p50 \(LaneStatistics.format(p50)) ms p95 \(LaneStatistics.format(p95)) ms after capture"
        }
        return text
    }
}
