import ScryCore

extension Ink {
    /// The ink in ML Kit's JSON shape, as `Ink(json:)` reads it back to the same values:
    /// `{"strokes": [{"points": [{"x": ..., "y": ..., "t": ...}, ...]}, ...]}` (`t` only where
    /// known).
    public var json: JSONValue {
        .object([
            "strokes": .array(
                strokes.map { stroke in
                    .object([
                        "points": .array(
                            stroke.points.map { point in
                                var members: [String: JSONValue] = ["x": .double(point.x), "y": .double(point.y)]
                                if let t = point.t { members["t"] = .double(t) }
                                return .object(members)
                            })
                    ])
                })
        ])
    }
}
