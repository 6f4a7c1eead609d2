import ScryCore

/// Why an object cannot be followed.
public enum ObjectTrackingError: Error, CustomStringConvertible {
    /// The box given holds less than 8 pixels a side of the frame it was given in.
    case boxOutsideFrame(index: Int, box: PixelRect, frame: UInt64, size: ImageSize)

    public var description: String {
        switch self {
        case .boxOutsideFrame(let index, let box, let frame, let size):
            "--track-object \(index): the box \(box.x),\(box.y),\(box.width),\(box.height) holds less than 8x8 pixels of frame \(frame) (\(size.width)x\(size.height))"
        }
    }
}

/// The object lane's detector (`--track-object`): each box given is an object followed by its
/// own `ObjectFollower` from the frame it was given in (or the first frame the lane sees after
/// it), reported as `ObjectLine`s: `confirmed` there, `seen` at each later frame it is in view
/// (with `everyFrame`), `lost` when it leaves the view or is hidden, `found` when it is found
/// again, and `lost` at the end of the stream for one still in view. It counts the objects in
/// view in each frame.
public final class ObjectTrackingDetector: Detector {
    /// A box to follow, in the pixels of the frame as stored (top-left origin), and the frame
    /// it is given in (nil: the first).
    public struct Request: Sendable, Equatable {
        public var box: PixelRect
        public var frame: UInt64?
        /// The box is in the upright frame's pixels (drawn on the live view), not the stored
        /// frame's; one that holds too little of the frame is ignored rather than an error.
        public var isUpright: Bool

        public init(box: PixelRect, frame: UInt64? = nil, isUpright: Bool = false) {
            self.box = box
            self.frame = frame
            self.isUpright = isUpright
        }
    }

    public let kind = LaneKind.object
    /// The boxes given, and those taken from `inbox` since, each a track (its index + 1).
    public private(set) var requests: [Request]
    private let inbox: ObjectRequests?
    /// Tracks stopped (from `inbox`) or whose box held too little of the frame: never followed again.
    private var ended: Set<Int> = []
    public let level: ObjectFollower.Level
    private let everyFrame: Bool
    private var followers: [ObjectFollower?]
    /// Each object's last sighting, while it is in view; nil before it starts and while lost.
    private var lastSeen: [ObjectLine.Sighting?]
    private var lastFrameSize = ImageSize(width: 0, height: 0)
    private var lastSource: DetectionSource = .frame(sequence: 0)

    /// Follows `requests`, and with `inbox`, the boxes and stops it is handed while it runs.
    public init(requests: [Request], level: ObjectFollower.Level, everyFrame: Bool, inbox: ObjectRequests? = nil) {
        self.requests = requests
        self.inbox = inbox
        self.level = level
        self.everyFrame = everyFrame
        followers = Array(repeating: nil, count: requests.count)
        lastSeen = Array(repeating: nil, count: requests.count)
    }

    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        let sequence = input.frame.sequence
        let size = input.upright.size
        lastFrameSize = size
        lastSource = input.origin.source
        var lines: [any OutputLine] = []
        func line(_ index: Int, _ sighting: ObjectLine.Sighting, _ event: String) {
            lines.append(
                ObjectLine(sighting, source: input.origin.source, in: size, track: TrackEvent(track: index + 1, event: event)))
        }
        if let inbox {
            let waiting = inbox.take()
            for box in waiting.boxes {
                requests.append(Request(box: box, isUpright: true))
                followers.append(nil)
                lastSeen.append(nil)
            }
            for track in waiting.stops where (1...requests.count).contains(track) && !ended.contains(track) {
                ended.insert(track)
                followers[track - 1] = nil
                if let last = lastSeen[track - 1] {
                    line(track - 1, ObjectLine.Sighting(box: last.box, confidence: 0), "lost")
                    lastSeen[track - 1] = nil
                }
            }
        }
        for (index, request) in requests.enumerated() where !ended.contains(index + 1) {
            guard let follower = followers[index] else {
                guard sequence >= (request.frame ?? 0) else { continue }
                let box = request.isUpright
                    ? request.box
                    : Self.upright(request.box, orientation: input.orientation, storedSize: ImageSize(width: input.frame.width, height: input.frame.height))
                guard let started = try ObjectFollower(frame: input.upright, box: box, level: level) else {
                    if request.isUpright {
                        ended.insert(index + 1)
                        continue
                    }
                    throw ObjectTrackingError.boxOutsideFrame(index: index + 1, box: request.box, frame: sequence, size: size)
                }
                followers[index] = started
                let inFrame = Self.clipped(box, to: size)
                lastSeen[index] = ObjectLine.Sighting(box: inFrame, confidence: 1)
                line(index, ObjectLine.Sighting(box: inFrame, confidence: 1), "confirmed")
                continue
            }
            if let sighting = try follower.next(input.upright) {
                // The part in view: a turned or partly hidden object's box may reach past the frame.
                let seen = ObjectLine.Sighting(box: Self.clipped(sighting.box, to: size), confidence: sighting.confidence)
                if sighting.isFoundAgain || lastSeen[index] == nil {
                    line(index, seen, "found")
                } else if everyFrame {
                    line(index, seen, "seen")
                }
                lastSeen[index] = seen
            } else if let last = lastSeen[index] {
                line(index, ObjectLine.Sighting(box: last.box, confidence: 0), "lost")
                lastSeen[index] = nil
            }
        }
        var annotations: [Annotation] = []
        if input.wantsAnnotations {
            for (index, seen) in lastSeen.enumerated() {
                guard let box = seen?.box else { continue }
                let corners = [
                    PixelPoint(x: box.x, y: box.y), PixelPoint(x: box.x + box.width, y: box.y),
                    PixelPoint(x: box.x + box.width, y: box.y + box.height), PixelPoint(x: box.x, y: box.y + box.height),
                ]
                annotations.append(Annotation(lane: .object, outline: corners, label: "object \(index + 1)", track: index + 1))
            }
        }
        return DetectorOutput(events: lines, detections: lastSeen.compactMap { $0 }.count, annotations: annotations)
    }

    /// Objects still in view when the stream ends are lost, at the last frame.
    public func finish() -> [any OutputLine] {
        var lines: [any OutputLine] = []
        for (index, last) in lastSeen.enumerated() {
            guard let last else { continue }
            lines.append(
                ObjectLine(
                    ObjectLine.Sighting(box: last.box, confidence: 0), source: lastSource, in: lastFrameSize,
                    track: TrackEvent(track: index + 1, event: "lost")))
            lastSeen[index] = nil
        }
        return lines
    }

    /// `box` in the stored frame's pixels, in the upright frame's.
    static func upright(_ box: PixelRect, orientation: ImageOrientation, storedSize: ImageSize) -> PixelRect {
        guard orientation != .up else { return box }
        // The upright-to-stored map is affine; its inverse takes the box's corners upright.
        let origin = orientation.storedPoint(forUpright: PixelPoint(x: 0, y: 0), storedSize: storedSize)
        let alongX = orientation.storedPoint(forUpright: PixelPoint(x: 1, y: 0), storedSize: storedSize)
        let alongY = orientation.storedPoint(forUpright: PixelPoint(x: 0, y: 1), storedSize: storedSize)
        let (a, c) = (alongX.x - origin.x, alongX.y - origin.y)
        let (b, d) = (alongY.x - origin.x, alongY.y - origin.y)
        let determinant = a * d - b * c
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)]
        let upright = corners.map { corner -> PixelPoint in
            let (sx, sy) = (corner.0 - origin.x, corner.1 - origin.y)
            return PixelPoint(x: (d * sx - b * sy) / determinant, y: (-c * sx + a * sy) / determinant)
        }
        return PixelRect(enclosing: upright) ?? box
    }

    /// The part of `box` within an image of `size`.
    static func clipped(_ box: PixelRect, to size: ImageSize) -> PixelRect {
        let left = max(0, box.x), top = max(0, box.y)
        let right = min(Double(size.width), box.x + box.width), bottom = min(Double(size.height), box.y + box.height)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

extension LaneKind {
    /// The object lane: it counts the followed objects in view in each frame, drawn as boxes.
    public static let object = LaneKind(
        name: "object", detectionNoun: "objects in view",
        style: AnnotationStyle(outline: AnnotationStyle.Colour(230, 30, 30), label: AnnotationStyle.Colour(170, 20, 20)))
}
