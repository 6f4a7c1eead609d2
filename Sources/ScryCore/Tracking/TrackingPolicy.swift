/// How a stream's detections are grouped into tracks and which track events are written.
public struct TrackingPolicy: Sendable, Equatable {
    /// A track unseen for this long, in nanoseconds of frame time, is lost.
    public var lostAfterNanoseconds: UInt64
    /// Write every sighting (`seen`, `unconfirmed`), not only `confirmed` and `lost`.
    public var everyFrame: Bool

    public init(lostAfterNanoseconds: UInt64 = 500_000_000, everyFrame: Bool = false) {
        self.lostAfterNanoseconds = lostAfterNanoseconds
        self.everyFrame = everyFrame
    }
}
