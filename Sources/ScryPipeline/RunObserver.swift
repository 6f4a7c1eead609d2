import ScryCore

/// Something that watches a streamed run as it goes, beside its sinks (the live view): every
/// frame the run takes, each lane's detections drawn on each frame it read, and every line the
/// lanes write. It is called from the capture thread and from the lanes' threads and must never
/// make them wait: what it cannot take at once it drops.
public protocol RunObserver: Sendable {
    /// A frame the run took, decoded as the lanes read it, with the orientation that turns it
    /// upright and the instant it was captured.
    func saw(_ frame: Frame, orientation: ImageOrientation, captured: ContinuousClock.Instant)
    /// A lane's detections on a frame it read (`frame` is its sequence number), outlined in the
    /// upright frame's pixels (origin top-left); empty when the lane found nothing there.
    func lane(_ kind: LaneKind, read frame: UInt64, uprightSize: ImageSize, annotations: [Annotation])
    /// A line a lane wrote to the run's sink, after the sink took it.
    func wrote(_ line: any OutputLine)
}

/// Each lane's statistics so far, read while a threaded run goes on (the live view's rates).
public struct LaneMonitor: Sendable {
    private let lanes: [DetectionLane]

    init(lanes: [DetectionLane]) { self.lanes = lanes }

    /// What each lane has done so far, in the pipeline's order.
    public func current() -> [LaneOutcome] {
        lanes.map { LaneOutcome(kind: $0.kind, statistics: $0.snapshot()) }
    }
}
