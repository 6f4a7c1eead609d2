import ScryCore

/// How one image lies on another (Vision's image registration): the homography from the
/// moving image's pixels to the reference image's, and how many points agree on it.
public struct Alignment: Sendable, Equatable {
    /// Maps a pixel of the moving image into the reference image (continuous pixel
    /// coordinates, see `Homography`); nil when the two do not show enough of one scene (fewer
    /// than 15 followed points agree on one transform).
    public var homography: Homography?
    /// Points followed from the moving image into the reference in the final fit.
    public var matchedPoints: Int
    /// How many of them lie within 1.5 reference pixels of where `homography` puts them.
    public var agreeingPoints: Int
    /// The median distance, in reference pixels, between where the agreeing points were found
    /// and where `homography` puts them.
    public var medianError: Double

    public init(homography: Homography?, matchedPoints: Int, agreeingPoints: Int, medianError: Double) {
        self.homography = homography
        self.matchedPoints = matchedPoints
        self.agreeingPoints = agreeingPoints
        self.medianError = medianError
    }

    /// The share of followed points that agree (0...1); 0 when none were followed.
    public var confidence: Double {
        matchedPoints > 0 ? min(1, Double(agreeingPoints) / Double(matchedPoints)) : 0
    }

    /// What an alignment that failed says.
    public static let none = Alignment(homography: nil, matchedPoints: 0, agreeingPoints: 0, medianError: 0)
}
