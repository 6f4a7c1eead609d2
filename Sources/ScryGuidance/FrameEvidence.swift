import ScryCore
import ScrySharpness

/// What the guidance lane knows of one frame: its light, its edges and detail, and how many
/// codes in it are too small: read by the barcode lane below their minimum module size, or
/// seen and not read with narrow modules (`GuidanceDetector.unreadSmallCodes`).
public struct FrameEvidence: Sendable, Equatable {
    public var levels: FrameLevels
    public var edges: EdgeSpread
    public var blur: BlurEffect
    /// Codes read below their symbology's minimum module size in this frame (or the barcode
    /// lane's latest frame within `GuidanceDetector.codeSightingToleranceNanoseconds` of it),
    /// and codes seen in it with narrow modules that the barcode lane did not read
    /// (`BarcodeSighting`).
    public var smallCodes: Int

    public init(levels: FrameLevels, edges: EdgeSpread, blur: BlurEffect, smallCodes: Int) {
        self.levels = levels
        self.edges = edges
        self.blur = blur
        self.smallCodes = smallCodes
    }

    /// The least edge-spread ratio a frame is called steady at (`EdgeSpread`): a blur of
    /// about 1.7 pixels; a webcam's own frames measure 0.35 and more, and a frame softened
    /// by a blur of 1 pixel and noise about 0.31.
    public static let steadyEdgeRatio = 0.27
    /// The most detail already lost (`BlurEffect`) a frame is called steady at: a noisy,
    /// slightly soft webcam frame measures up to 0.45, a blur of 2 pixels 0.6.
    public static let steadyBlurEffect = 0.5

    /// Measured on `image`, with `smallCodes` from the barcode lane.
    public init(of image: GrayImage, smallCodes: Int) {
        self.init(
            levels: FrameLevels.measure(image), edges: EdgeSpread.measure(image), blur: BlurEffect.measure(image),
            smallCodes: smallCodes)
    }
    /// Under this `FrameLevels.bright`, a frame needs more light.
    public static let dimBrightLevel = 100
    /// A frame with at least this share of its cells burnt out has glare...
    public static let glareCellShare = 0.01
    /// ...when they fade into their surroundings (`FrameLevels.haloShare`)...
    public static let glareHaloShare = 0.25
    /// ...unless its median is this bright: a white page (or a rendered one, 255 all over)
    /// is not glare.
    public static let whiteMedian = 200

    /// The hints this frame calls for, in `Hint`'s order.
    public var hints: Set<Hint> {
        var hints: Set<Hint> = []
        if levels.bright < Self.dimBrightLevel { hints.insert(.moreLight) }
        if levels.saturatedCellShare >= Self.glareCellShare && levels.haloShare >= Self.glareHaloShare
            && levels.median < Self.whiteMedian
        {
            hints.insert(.glare)
        }
        if let ratio = edges.ratio, ratio < Self.steadyEdgeRatio { hints.insert(.holdStill) }
        if let lost = blur.measure, lost >= Self.steadyBlurEffect { hints.insert(.holdStill) }
        if smallCodes > 0 { hints.insert(.moveCloser) }
        return hints
    }
}
