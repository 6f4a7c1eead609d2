import ScryCore

/// What a text line looks like, coarsely: the line straightened and shrunk to 256x12 pixels,
/// its brightness standardized (mean 0, deviation 1). Two sightings of the same printed line
/// correlate closely whatever the light; another line in the same place (the next page) does
/// not.
struct LineFingerprint: Sendable, Equatable {
    static let width = 256, height = 12
    /// Standardized brightness, row by row; all zeros for a line of one shade.
    let values: [Float]

    init(_ line: RotatedRectangle, in image: GrayImage) {
        let straight = image.straightened(line, height: Self.height * 2)
        let small = straight.resampled(width: Self.width, height: Self.height)
        let levels = small.pixels.map(Float.init)
        let mean = levels.reduce(0, +) / Float(levels.count)
        let deviation = (levels.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Float(levels.count)).squareRoot()
        values = deviation > 1 ? levels.map { ($0 - mean) / deviation } : Array(repeating: 0, count: levels.count)
    }

    /// The correlation of the two looks, -1...1 (0 when either is of one shade).
    func correlation(with other: LineFingerprint) -> Float {
        zip(values, other.values).map { $0 * $1 }.reduce(0, +) / Float(values.count)
    }

    /// Whether `other` is a sighting of the same line: correlation 0.75 or more.
    func matches(_ other: LineFingerprint) -> Bool { correlation(with: other) >= 0.75 }
}
