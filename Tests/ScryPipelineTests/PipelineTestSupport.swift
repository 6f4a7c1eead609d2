import Foundation
import ScryCore
import ScryPipeline
import Synchronization

/// A 64x48 gray frame; `timestamp` in milliseconds.
func grayFrame(_ sequence: UInt64, timestamp milliseconds: UInt64? = nil) -> Frame {
    Frame(
        sequence: sequence, timestampNanoseconds: (milliseconds ?? sequence * 33) * 1_000_000, pixelFormat: .grey,
        width: 64, height: 48, bytesPerLine: 64, payload: [UInt8](repeating: UInt8(truncatingIfNeeded: sequence), count: 64 * 48))
}

/// A sink that keeps every line, or throws `error` from the `failingAt`-th line on.
final class CollectingSink: EventSink {
    private let lines = Mutex<[JSONValue]>([])
    private let failure: (at: Int, error: any Error)?

    init(failingAt index: Int? = nil, with error: any Error = SinkClosed()) {
        failure = index.map { ($0, error) }
    }

    func write(_ line: any OutputLine) throws {
        try lines.withLock {
            if let failure, $0.count >= failure.at { throw failure.error }
            $0.append(line.json)
        }
    }

    var written: [JSONValue] { lines.withLock { $0 } }

    /// Each line's "detector" and "frame" members, as "name:frame" ("name:end" for closing lines).
    var tags: [String] {
        written.map { line in
            guard case .object(let members) = line else { return "?" }
            if case .string(let type)? = members["type"], type == "orientation" {
                if case .string(let name)? = members["orientation"] { return "orientation:\(name)" }
            }
            guard case .string(let name)? = members["detector"] else { return "?" }
            switch members["frame"] {
            case .unsigned(let frame)?: return "\(name):\(frame)"
            default: return "\(name):end"
            }
        }
    }
}

struct SinkClosed: Error {}
struct CameraUnplugged: Error {}

/// A detector that writes one line per frame naming itself and the frame, remembers the
/// sizes it was given, and can be held at a gate while it looks at a frame.
final class RecordingDetector: Detector, @unchecked Sendable {
    let kind: LaneKind
    private let gate: DispatchSemaphore?
    private let seen = Mutex<[UInt64]>([])
    private let sizes = Mutex<[ImageSize]>([])
    private let prepared = Mutex<[ImageSize]>([])

    /// With `gate`, each frame waits (at most 60 s) for the gate to be signalled.
    init(_ name: String, gate: DispatchSemaphore? = nil) {
        kind = LaneKind(name: name, detectionNoun: "frames")
        self.gate = gate
    }

    func detect(_ input: DetectorInput) -> DetectorOutput {
        if let gate { _ = gate.wait(timeout: .now() + 60) }
        seen.withLock { $0.append(input.frame.sequence) }
        sizes.withLock { $0.append(input.upright.size) }
        return DetectorOutput(events: [TaggedLine(detector: name, frame: input.frame.sequence)], detections: 1)
    }

    func finish() -> [any OutputLine] { [TaggedLine(detector: name, frame: nil)] }

    func prepare(forUprightFrameSize size: ImageSize) { prepared.withLock { $0.append(size) } }

    var framesSeen: [UInt64] { seen.withLock { $0 } }
    var uprightSizes: [ImageSize] { sizes.withLock { $0 } }
    /// The sizes `prepare` was given.
    var preparedSizes: [ImageSize] { prepared.withLock { $0 } }
}

/// A follower that turns the stream to `orientation` at its first frame.
final class TurningFollower: OrientationFollowing {
    let orientation: ImageOrientation
    private var turned = false
    init(to orientation: ImageOrientation) { self.orientation = orientation }

    func follow(_ stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate)? {
        guard !turned else { return nil }
        turned = true
        return (orientation, OrientationEstimate(clockwiseDegrees: 90, confidence: 9))
    }
}

/// A line naming the detector that wrote it and the frame (none for a closing line).
struct TaggedLine: OutputLine {
    static let lineType = "tagged"
    var detector: String
    var frame: UInt64?
    var members: [String: JSONValue] {
        var object: [String: JSONValue] = ["detector": .string(detector)]
        if let frame { object["frame"] = .unsigned(frame) }
        return object
    }
    static var examples: [TaggedLine] { [TaggedLine(detector: "a", frame: 1)] }
}
