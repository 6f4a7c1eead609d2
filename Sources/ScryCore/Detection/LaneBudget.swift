/// What a lane may take of the run's time before scry says it is behind: how late a frame's
/// lines may come after the frame was captured, and (for a lane that must keep a rate) how few
/// frames a second it may analyse while frames come faster. A streamed run (live, `replay
/// --realtime`) counts every frame past the deadline and every stretch below the floor in the
/// stats line, and says once on stderr when a lane has fallen behind.
///
/// The lanes' threads share the cores at the same priority: the kernel gives each busy thread
/// an equal share, and a lane that waits for its next frame (the barcode lane, in a few
/// milliseconds a frame) runs first when the frame comes. A lane that would take a whole core
/// at 30 frames a second (faces) or needs fewer (rectangles) analyses at most
/// `sharedFramesPerSecond` while other lanes share the run, leaving the rest of the cores to
/// them. The text lane's background readers run at a lower priority, with a deadline of their
/// own (`StreamingTextReader`).
public struct LaneBudget: Sendable, Equatable {
    /// The longest a frame's lines may take, from its capture to their being written.
    public var deadline: Duration
    /// The fewest frames a second the lane should analyse while frames come faster than
    /// that (measured over `floorWindow`); nil for a lane that keeps no rate.
    public var floorFramesPerSecond: Double?
    /// How long a stretch the floor is measured over.
    public var floorWindow: Duration
    /// The most frames a second the lane analyses while other lanes share the run (the frames
    /// between are left, counted as dropped); nil for every frame it can take.
    public var sharedFramesPerSecond: Double?
    /// The nice value of the lane's thread while other lanes share the run: above 0, the
    /// lanes at 0 take the CPU first when the cores are busy.
    public var sharedNiceness: Int32
    /// The most frames a second the lane analyses, in a run it shares, while the text lane has
    /// lines found and not read yet (`DetectorOutput.linesWaitingToBeRead`): the cores it
    /// leaves go to reading them. nil keeps `sharedFramesPerSecond`.
    public var yieldingFramesPerSecond: Double?

    /// Frames past the deadline in a row before stderr says the lane is behind: a single slow
    /// frame (a model's first run, a page much denser than the last) is counted but not said.
    public static let lateFramesBeforeWarning = 5

    public init(
        deadline: Duration = .seconds(1), floorFramesPerSecond: Double? = nil, floorWindow: Duration = .seconds(2),
        sharedFramesPerSecond: Double? = nil, sharedNiceness: Int32 = 0, yieldingFramesPerSecond: Double? = nil
    ) {
        self.sharedNiceness = sharedNiceness
        self.yieldingFramesPerSecond = yieldingFramesPerSecond
        self.deadline = deadline
        self.floorFramesPerSecond = floorFramesPerSecond
        self.floorWindow = floorWindow
        self.sharedFramesPerSecond = sharedFramesPerSecond
    }

    /// The least time between the starts of two frames the lane analyses while other lanes
    /// share the run, or nil.
    public var sharedFrameInterval: Duration? {
        sharedFramesPerSecond.map { .nanoseconds(Int64(1e9 / $0)) }
    }

    /// The least time between the starts of two frames the lane analyses while lines of text
    /// wait to be read in a run it shares, or nil.
    public var yieldingFrameInterval: Duration? {
        yieldingFramesPerSecond.map { .nanoseconds(Int64(1e9 / $0)) }
    }
}
