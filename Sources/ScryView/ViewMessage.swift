import ScryCore
import ScryPipeline

/// The messages the view's WebSocket sends a browser, each one JSON object whose `view` member
/// names it (docs/reference.md, "The live view"):
/// - `hello`: the lanes, each with its outline and label colours;
/// - `marks`: one lane's detections on one frame, outlined in the upright frame's pixels;
/// - `line`: a line the run wrote to stdout, exactly as written;
/// - `lanes`: each lane's frames a second, frames processed and dropped, and detector p50.
enum ViewMessage {
    static func hello(lanes: [LaneKind], following: Bool) -> String {
        JSONValue.object([
            "view": .string("hello"),
            "lanes": .array(lanes.map { lane in
                .object([
                    "name": .string(lane.name), "outline": .string(hex(lane.style.outline)), "label": .string(hex(lane.style.label)),
                    "shape": .string(lane.style.shape == .box ? "box" : "region"),
                ])
            }),
            "following": .bool(following),
        ]).serialized
    }

    static func marks(lane: LaneKind, frame: UInt64, size: ImageSize, annotations: [Annotation]) -> String {
        JSONValue.object([
            "view": .string("marks"), "lane": .string(lane.name), "frame": .unsigned(frame),
            "width": .int(size.width), "height": .int(size.height),
            "marks": .array(annotations.map { mark in
                var object: [String: JSONValue] = ["outline": points(mark.outline), "label": .string(mark.label)]
                if let track = mark.track { object["track"] = .int(track) }
                if !mark.strokes.isEmpty {
                    object["strokes"] = .array(mark.strokes.map { .object(["points": points($0.points), "closed": .bool($0.closed)]) })
                }
                return .object(object)
            }),
        ]).serialized
    }

    static func line(_ line: any OutputLine) -> String {
        JSONValue.object(["view": .string("line"), "line": line.json]).serialized
    }

    /// Each lane's rate over the last `seconds`, from its statistics then and now.
    static func lanes(_ now: [LaneOutcome], before: [LaneOutcome], seconds: Double) -> String {
        let earlier = Dictionary(before.map { ($0.name, $0.statistics) }, uniquingKeysWith: { a, _ in a })
        return JSONValue.object([
            "view": .string("lanes"),
            "lanes": .array(now.map { lane in
                let processedBefore = earlier[lane.name]?.processed ?? 0
                var object: [String: JSONValue] = [
                    "name": .string(lane.name), "processed": .int(lane.statistics.processed),
                    "dropped": .int(lane.statistics.dropped),
                    "fps": .rounded(seconds > 0 ? Double(lane.statistics.processed - processedBefore) / seconds : 0, decimals: 1),
                ]
                if let p50 = lane.statistics.processing.percentileMilliseconds(50) { object["p50_ms"] = .rounded(p50, decimals: 1) }
                return .object(object)
            }),
        ]).serialized
    }

    private static func points(_ points: [PixelPoint]) -> JSONValue {
        .array(points.map { .array([.rounded($0.x, decimals: 1), .rounded($0.y, decimals: 1)]) })
    }

    private static func hex(_ colour: AnnotationStyle.Colour) -> String {
        "#" + [colour.red, colour.green, colour.blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
