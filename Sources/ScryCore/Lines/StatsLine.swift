/// The last line with `--stats`: counts, and per lane the time in its detector; a streamed run
/// (live, `replay --realtime`) adds its mode, duration and rate, and per lane the frames
/// processed and dropped and the capture-to-output latency.
public struct StatsLine: OutputLine {
    public static let lineType = "stats"

    /// What a lane did: in a lockstep run the time in its detector, in a streamed one also
    /// drops and latency.
    public enum Lane: Sendable {
        case lockstep(LatencyStatistics)
        case streamed(LaneStatistics)

        var json: JSONValue {
            switch self {
            case .lockstep(let processing): processing.json
            case .streamed(let lane): lane.json
            }
        }
    }

    /// Frames read (or captured, when streamed).
    public var frames: Int
    public var barcodes: Int
    public var texts: Int
    /// Faces found, when a face lane ran.
    public var faces: Int?
    /// Rectangles found, when a rectangle lane ran.
    public var rectangles: Int?
    /// Compressed frames skipped because they could not be decoded, when there were any.
    public var undecodableFrames: Int?
    /// How long compressed frames took to decode, when there were any.
    public var decoding: LatencyStatistics?
    /// Each lane by name.
    public var lanes: [String: Lane]
    /// A streamed run's mode ("live", "realtime"), seconds from first to last frame, frames a
    /// second (nil with fewer than two frames).
    public var streamed: (mode: String, durationSeconds: Double, fps: Double?)?

    public init(frames: Int, barcodes: Int, texts: Int, lanes: [String: Lane], streamed: (mode: String, durationSeconds: Double, fps: Double?)? = nil) {
        self.frames = frames
        self.barcodes = barcodes
        self.texts = texts
        self.lanes = lanes
        self.streamed = streamed
    }

    public var members: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "frames": .int(frames), "barcodes": .int(barcodes), "texts": .int(texts),
            "lanes": .object(lanes.mapValues(\.json)),
        ]
        if let faces { object["faces"] = .int(faces) }
        if let rectangles { object["rectangles"] = .int(rectangles) }
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
        var withFaces = StatsLine(
            frames: 6, barcodes: 5, texts: 17,
            lanes: [
                "barcode": .lockstep(processing), "text": .lockstep(LatencyStatistics()), "face": .lockstep(processing),
                "rectangle": .lockstep(processing),
            ])
        withFaces.faces = 4
        withFaces.rectangles = 1
        withFaces.undecodableFrames = 1
        withFaces.decoding = processing
        return [
            withFaces,
            StatsLine(
                frames: 300, barcodes: 2, texts: 0, lanes: ["barcode": .streamed(lane), "text": .streamed(LaneStatistics())],
                streamed: ("live", 9.967, 30)),
            StatsLine(
                frames: 1, barcodes: 0, texts: 0, lanes: ["barcode": .streamed(LaneStatistics()), "text": .streamed(LaneStatistics())],
                streamed: ("realtime", 0, nil)),
        ]
    }
}
