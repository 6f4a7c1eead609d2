/// Why an ink could not be read.
public enum InkError: Error, Equatable, CustomStringConvertible {
    /// Not JSON, or not an object.
    case malformed(String)
    /// JSON, but not ink: no `strokes` list, a stroke without points, a point without a number
    /// for x or y.
    case notInk(String)
    /// A coordinate or time that is not a finite number.
    case notFinite(String)
    /// A coordinate beyond ±`Ink.maximumCoordinate`.
    case outOfRange(String)
    /// A stroke whose time stamps go backwards.
    case timeGoesBackwards(stroke: Int, point: Int)
    /// More points than scry takes in one ink.
    case tooManyPoints(Int)

    public var description: String {
        switch self {
        case .malformed(let detail): "not JSON ink: \(detail)"
        case .notInk(let detail): "not ink: \(detail)"
        case .notFinite(let detail): "a value that is not a finite number: \(detail)"
        case .outOfRange(let detail): "a coordinate beyond ±\(Int(Ink.maximumCoordinate)): \(detail)"
        case .timeGoesBackwards(let stroke, let point): "stroke \(stroke): time goes backwards at point \(point)"
        case .tooManyPoints(let count): "\(count) points; an ink may have at most \(Ink.maximumPoints)"
        }
    }
}
