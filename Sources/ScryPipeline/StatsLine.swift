import ScryCore

/// The last line with `--stats`: frames, and per lane what it found and the time in its
/// detector; a streamed run (live, `replay --realtime`) adds its mode, duration and rate, and
/// per lane the frames processed and dropped and the capture-to-output latency.
public struct StatsLine: OutputLine {
    public static let lineType = "stats"

    /// What a lane did: its detections and the time in its detector; in a streamed run also
    /// the frames it processed and dropped, and latency.
    public struct Lane: Sendable {
        public var statistics: LaneStatistics
        /// Whether the run was streamed (drops and latency mean something).
        public var streamed: Bool

        public init(_ statistics: LaneStatistics, streamed: Bool) {
            self.statistics = statistics
            self.streamed = streamed
        }

        var json: JSONValue {
            guard streamed else {
                guard case .object(var object) = statistics.processing.json else { return .null }
                object["detections"] = .int(statistics.detections)
                return .object(object)
            }
            return statistics.json
        }
    }

    /// Frames read (or captured, when streamed).
    public var frames: Int
    /// Compressed frames skipped because they could not be decoded, when there were any.
    public var undecodableFrames: Int?
    /// How long compressed frames took to decode, when there were any.
    public var decoding: LatencyStatistics?
    /// Each of the run's lanes by name.
    public var lanes: [String: Lane]
    /// A streamed run's mode ("live", "realtime"), seconds from first to last frame, frames a
    /// second (nil with fewer than two frames).
    public var streamed: (mode: String, durationSeconds: Double, fps: Double?)?

    public init(frames: Int, lanes: [String: Lane], streamed: (mode: String, durationSeconds: Double, fps: Double?)? = nil) {
        self.frames = frames
        self.lanes = lanes
        self.streamed = streamed
    }

    public var members: [String: JSONValue] {
        var object: [String: JSONValue] = ["frames": .int(frames), "lanes": .object(lanes.mapValues(\.json))]
        if let undecodableFrames { object["undecodable_frames"] = .int(undecodableFrames) }
        if let decoding { object["decode"] = decoding.json }
        if let streamed {
            object["mode"] = .string(streamed.mode)
            object["duration_s"] = .rounded(streamed.durationSeconds, decimals: 3)
            object["fps"] = streamed.fps.map { .rounded($0, decimals: 2) } ?? .null
        }
        return object
    }

    public static var examples: [StatsLine] {
        var processing = LatencyStatistics()
        processing.record(nanoseconds: 9_000_000)
        var lane = LaneStatistics()
        lane.record(detections: 2, processingNanoseconds: 9_000_000, latencyNanoseconds: 12_000_000)
        lane.dropped = 3
        var lockstep = StatsLine(
            frames: 6,
            lanes: [
                "barcode": Lane(lane, streamed: false), "text": Lane(LaneStatistics(), streamed: false),
                "face": Lane(lane, streamed: false), "rectangle": Lane(lane, streamed: false),
            ])
        lockstep.undecodableFrames = 1
        lockstep.decoding = processing
        var text = LaneStatistics()
        text.record(detections: 5, processingNanoseconds: 400_000_000, latencyNanoseconds: 1_700_000_000)
        text.late = 1
        text.shortfalls = ["lines_unread": 2]
        var face = lane
        face.belowFloor = 4
        return [
            lockstep,
            StatsLine(
                frames: 300,
                lanes: ["barcode": Lane(lane, streamed: true), "text": Lane(text, streamed: true), "face": Lane(face, streamed: true)],
                streamed: ("live", 9.967, 30)),
            StatsLine(frames: 1, lanes: ["barcode": Lane(LaneStatistics(), streamed: true)], streamed: ("realtime", 0, nil)),
        ]
    }
}
