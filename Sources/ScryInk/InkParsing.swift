import Foundation

extension Ink {
    /// The most points one ink may have (a million drawn points is about an hour of a pen at
    /// 300 points a second).
    public static let maximumPoints = 2_000_000

    /// Reads ink as ML Kit's JSON shape: `{"strokes": [{"points": [{"x": 12.5, "y": 40,
    /// "t": 0}, ...]}, ...]}`. `t` is optional; other keys are ignored. A stroke needs at least
    /// one point, every x and y a finite number, and a stroke's times may not go backwards.
    public init(json bytes: [UInt8]) throws(InkError) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw .malformed("\(error.localizedDescription)")
        }
        guard let root = object as? [String: Any] else { throw .malformed("the top level is not an object") }
        guard let strokes = root["strokes"] as? [Any] else { throw .notInk("no \"strokes\" list") }
        var read: [Stroke] = []
        var count = 0
        for (strokeIndex, stroke) in strokes.enumerated() {
            guard let points = (stroke as? [String: Any])?["points"] as? [Any] else {
                throw .notInk("stroke \(strokeIndex + 1) has no \"points\" list")
            }
            guard !points.isEmpty else { throw .notInk("stroke \(strokeIndex + 1) has no points") }
            count += points.count
            guard count <= Self.maximumPoints else { throw .tooManyPoints(count) }
            var stroke: [Point] = []
            stroke.reserveCapacity(points.count)
            for (pointIndex, point) in points.enumerated() {
                let place = "stroke \(strokeIndex + 1), point \(pointIndex + 1)"
                guard let fields = point as? [String: Any] else { throw .notInk("\(place) is not an object") }
                func number(_ key: String) throws(InkError) -> Double? {
                    guard let value = fields[key], !(value is NSNull) else { return nil }
                    guard let number = value as? NSNumber, !(value is String) else { throw .notInk("\(place): \(key) is not a number") }
                    let double = number.doubleValue
                    guard double.isFinite else { throw .notFinite("\(place): \(key)") }
                    return double
                }
                guard let x = try number("x"), let y = try number("y") else { throw .notInk("\(place) lacks x or y") }
                let t = try number("t")
                if let t, let before = stroke.last?.t, t < before {
                    throw .timeGoesBackwards(stroke: strokeIndex + 1, point: pointIndex + 1)
                }
                stroke.append(Point(x: x, y: y, t: t))
            }
            read.append(Stroke(points: stroke))
        }
        self.init(strokes: read)
    }
}
