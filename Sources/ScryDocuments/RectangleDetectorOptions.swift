/// What counts as a rectangle, named and defaulted as Vision's `VNDetectRectanglesRequest`
/// documents them.
public struct RectangleDetectorOptions: Sendable, Equatable {
    /// Least short side over long side, 0...1 (Vision's `minimumAspectRatio`, 0.5).
    public var minimumAspectRatio = 0.5
    /// Most short side over long side, 0...1 (`maximumAspectRatio`, 1).
    public var maximumAspectRatio = 1.0
    /// Degrees a corner's angle may differ from 90 (`quadratureTolerance`, 30).
    public var quadratureTolerance = 30.0
    /// Least short side, as a fraction of the image's smaller side (`minimumSize`, 0.2).
    public var minimumSize = 0.2
    /// Least confidence, 0...1 (`minimumConfidence`, 0).
    public var minimumConfidence = 0.0
    /// Most rectangles reported per image, best first; 0 for all (`maximumObservations`, 1).
    public var maximumObservations = 1
    /// Whether a rectangle the image's border cuts by a little (its corners up to 12% of the
    /// image's smaller side beyond it) is found too, with the sides that cut it (Scry's own;
    /// Vision reports only rectangles wholly in view). On by default.
    public var includesCut = true

    public init() {}

    /// The problem with these values, for a usage error; nil when they are valid.
    public var problem: String? {
        func fraction(_ value: Double) -> Bool { value.isFinite && value >= 0 && value <= 1 }
        if !fraction(minimumAspectRatio) || !fraction(maximumAspectRatio) {
            return "--min-aspect-ratio and --max-aspect-ratio must be from 0 to 1 (short side over long side)"
        }
        if minimumAspectRatio > maximumAspectRatio { return "--min-aspect-ratio is above --max-aspect-ratio" }
        if !(quadratureTolerance.isFinite && quadratureTolerance >= 0 && quadratureTolerance <= 45) {
            return "--quadrature-tolerance must be from 0 to 45 degrees"
        }
        if !fraction(minimumSize) { return "--min-size must be a fraction of the smaller image side from 0 to 1" }
        if !fraction(minimumConfidence) { return "--min-confidence must be from 0 to 1" }
        if maximumObservations < 0 { return "--max-rectangles must be 0 (all) or more" }
        return nil
    }
}
