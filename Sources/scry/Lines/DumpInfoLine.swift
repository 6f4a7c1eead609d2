import ScryCore
import ScryDumps

/// `scry dump info`: what a frame dump holds.
public struct DumpInfoLine: OutputLine {
    public static let lineType = "dump_info"

    public var file: String
    public var version: Int
    public var frames: Int
    /// Frames per pixel format (fourcc) and per size ("1280x720").
    public var pixelFormats: [String: Int]
    public var sizes: [String: Int]
    /// How many times the sequence number jumps by more than one.
    public var sequenceGaps: Int
    public var truncated: Bool
    /// The first and last frames' sequence numbers and timestamps (nanoseconds), when there
    /// are frames.
    public var first: (sequence: UInt64, timestamp: UInt64)?
    public var last: (sequence: UInt64, timestamp: UInt64)?

    public init(
        file: String, version: Int, frames: Int, pixelFormats: [String: Int], sizes: [String: Int], sequenceGaps: Int,
        truncated: Bool, first: (sequence: UInt64, timestamp: UInt64)? = nil, last: (sequence: UInt64, timestamp: UInt64)? = nil
    ) {
        self.file = file
        self.version = version
        self.frames = frames
        self.pixelFormats = pixelFormats
        self.sizes = sizes
        self.sequenceGaps = sequenceGaps
        self.truncated = truncated
        self.first = first
        self.last = last
    }

    /// Reads every frame of `reader` (to its end or its truncation) and describes the dump.
    /// Throws the reader's error at a damaged frame.
    public init(reading reader: FrameDumpReader, file: String) throws(FrameDumpError) {
        var frames = 0
        var formats: [String: Int] = [:]
        var sizes: [String: Int] = [:]
        var first: (sequence: UInt64, timestamp: UInt64)?
        var last: (sequence: UInt64, timestamp: UInt64)?
        var sequenceGaps = 0
        while let frame = try reader.next() {
            frames += 1
            formats[frame.pixelFormat.fourcc, default: 0] += 1
            sizes["\(frame.width)x\(frame.height)", default: 0] += 1
            // Sequences are read from the file: compared without arithmetic that could overflow.
            if let last, frame.sequence > last.sequence, frame.sequence - last.sequence > 1 { sequenceGaps += 1 }
            if first == nil { first = (frame.sequence, frame.timestampNanoseconds) }
            last = (frame.sequence, frame.timestampNanoseconds)
        }
        self.init(
            file: file, version: Int(reader.version), frames: frames, pixelFormats: formats, sizes: sizes,
            sequenceGaps: sequenceGaps, truncated: reader.truncation != nil, first: first, last: last)
    }

    public var members: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "file": .string(file), "version": .int(version), "frames": .int(frames),
            "pixel_formats": .object(pixelFormats.mapValues(JSONValue.int)), "sizes": .object(sizes.mapValues(JSONValue.int)),
            "sequence_gaps": .int(sequenceGaps), "truncated": .bool(truncated),
        ]
        if let first, let last {
            object["first_sequence"] = .unsigned(first.sequence)
            object["last_sequence"] = .unsigned(last.sequence)
            // Timestamps are read from the file: a later one may be smaller (wrapping, not trapping).
            let seconds = Double(last.timestamp &- first.timestamp) / 1e9
            object["duration_s"] = .rounded(seconds, decimals: 3)
            object["fps"] = frames > 1 && seconds > 0 ? .rounded(Double(frames - 1) / seconds, decimals: 2) : .null
        }
        return object
    }

    public static var examples: [DumpInfoLine] {
        [
            DumpInfoLine(
                file: "demo.scrydump", version: 1, frames: 6, pixelFormats: ["YUYV": 6], sizes: ["1280x720": 6],
                sequenceGaps: 0, truncated: false, first: (0, 0), last: (5, 166_666_665)),
            DumpInfoLine(file: "empty.scrydump", version: 1, frames: 0, pixelFormats: [:], sizes: [:], sequenceGaps: 0, truncated: true),
            DumpInfoLine(
                file: "one.scrydump", version: 1, frames: 1, pixelFormats: ["GREY": 1], sizes: ["64x48": 1], sequenceGaps: 0,
                truncated: false, first: (UInt64.max, 0), last: (UInt64.max, 0)),
        ]
    }
}
