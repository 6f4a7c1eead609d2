/// What the person holding the camera is told to do, as VisionKit's data scanner guides its
/// user (`isGuidanceEnabled`). Listed in the order they are given when several apply: light
/// first (nothing else can be judged in the dark or through glare), then steadiness, then
/// distance.
public enum Hint: String, Sendable, CaseIterable, Comparable {
    /// Even the frame's brightest parts are dim (`FrameLevels.bright`).
    case moreLight = "more_light"
    /// A patch of the frame is burnt out (`FrameLevels.saturatedCellShare`) in a frame that
    /// is not white all over.
    case glare
    /// The frame's edges are spread over several pixels (`EdgeSpread`) or its detail is gone
    /// (`BlurEffect`): a moving camera or a page out of focus.
    case holdStill = "hold_still"
    /// The barcode lane read a code whose modules are smaller than its symbology's minimum
    /// (the `meets_minimum` of its line): a reading not to rely on, and one a closer camera
    /// makes sure of; or a linear or QR code it did not read is seen with modules under 2 px
    /// (`BarcodeSighting`).
    case moveCloser = "move_closer"

    /// What the view shows and a `hint` line says: "Move closer".
    public var message: String {
        switch self {
        case .moreLight: "More light"
        case .glare: "Glare: tilt the page or move the light"
        case .holdStill: "Hold still"
        case .moveCloser: "Move closer"
        }
    }

    public static func < (left: Hint, right: Hint) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
