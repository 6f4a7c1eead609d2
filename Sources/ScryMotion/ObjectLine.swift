import ScryCore

/// `--track-object`: where a followed object is (Vision's VNDetectedObjectObservation from a
/// VNTrackObjectRequest). Its track is the box's place among the `--track-object` boxes (1 for
/// the first); its event `confirmed` at the frame the box was given in, `seen` at each later
/// frame it is in view (with `--every-frame`), `lost` when it leaves the view or is hidden (the
/// box where it was last), `found` when it comes back and is found again.
public struct ObjectLine: DetectionLine {
    public static let lineType = "object"

    /// The object's box in the upright frame's pixel space, and how sure the follower is of it.
    public struct Sighting: Sendable, Equatable {
        public var box: PixelRect
        /// 0...1: how much its look there correlates with its look when it was marked or last
        /// sure; 0 on `lost`.
        public var confidence: Double

        public init(box: PixelRect, confidence: Double) {
            self.box = box
            self.confidence = confidence
        }
    }

    public var sighting: Sighting
    public var place: DetectionPlace

    public init(_ sighting: Sighting, at place: DetectionPlace) {
        self.sighting = sighting
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        [
            "bounds": NormalizedRect(sighting.box, in: imageSize).json, "pixel_bounds": sighting.box.json,
            "confidence": .rounded(sighting.confidence, decimals: 3),
        ]
    }

    public static var examples: [ObjectLine] {
        let size = ImageSize(width: 1280, height: 720)
        let box = PixelRect(x: 412.5, y: 210.25, width: 180, height: 140)
        return [
            ObjectLine(Sighting(box: box, confidence: 1), source: .frame(sequence: 0), in: size, track: TrackEvent(track: 1, event: "confirmed")),
            ObjectLine(Sighting(box: box, confidence: 0.91), source: .frame(sequence: 7), in: size, track: TrackEvent(track: 1, event: "seen")),
            ObjectLine(Sighting(box: box, confidence: 0), source: .frame(sequence: 30), in: size, track: TrackEvent(track: 1, event: "lost")),
            ObjectLine(Sighting(box: box, confidence: 0.74), source: .frame(sequence: 95), in: size, track: TrackEvent(track: 1, event: "found")),
            ObjectLine(Sighting(box: box, confidence: 0.88), source: .file("b.png"), in: size, track: TrackEvent(track: 2, event: "seen")),
        ]
    }
}

extension ObjectLine {
    /// `object 1 found at 412,210 180x140` on `confirmed`, `found` and `lost`; nothing on `seen`.
    public var plainText: String? {
        guard let track, track.event != "seen" else { return nil }
        let box = sighting.box
        return "object \(track.track) \(track.event) at \(Int(box.x.rounded())),\(Int(box.y.rounded())) \(Int(box.width.rounded()))x\(Int(box.height.rounded()))"
    }
}
