import ScryCore
import ScrySharpness

/// The guidance lane's detector (`--guidance`): each frame's light (`FrameLevels`), edges
/// (`EdgeSpread`) and detail (`BlurEffect`), and the codes the barcode lane read below their minimum module size
/// (`BarcodeAreas`), judged by `FrameEvidence` and, in a stream, given as hints by
/// `GuidanceRules`.
public final class GuidanceDetector: Detector {
    public let kind = LaneKind.guidance
    private let areas: BarcodeAreas?
    /// A stream's rules; nil for image files, each judged alone.
    private var rules: GuidanceRules?

    /// How far apart the barcode lane's frame and this lane's may be (lanes on their own
    /// threads) for its small codes to count.
    public static let codeSightingToleranceNanoseconds: UInt64 = 300_000_000

    /// `areas`: where the barcode lane publishes its codes (nil without a barcode lane: no
    /// "move closer"). `stream`: frames of a camera or a dump, rather than image files.
    public init(areas: BarcodeAreas?, stream: Bool) {
        self.areas = areas
        rules = stream ? GuidanceRules() : nil
    }

    /// What `input`'s frame shows of light, edges and small codes.
    public func evidence(for input: DetectorInput) -> FrameEvidence {
        let smallCodes = areas?.smallCodeOutlines(
            for: input.frame, toleranceNanoseconds: rules == nil ? 0 : Self.codeSightingToleranceNanoseconds).count ?? 0
        return FrameEvidence(of: input.upright, smallCodes: smallCodes)
    }

    public func detect(_ input: DetectorInput) -> DetectorOutput {
        let situations = evidence(for: input).hints
        let hints: [Hint]
        if rules != nil {
            hints = rules!.next(situations, at: input.frame.timestampNanoseconds).map { [$0] } ?? []
        } else {
            hints = situations.sorted()
        }
        let lines = hints.map { HintLine($0, source: input.origin.source, in: input.upright.size) }
        return DetectorOutput(events: lines, detections: lines.count)
    }

    public func finish() -> [any OutputLine] { [] }
}

extension LaneKind {
    /// The guidance lane: it counts the hints it gave, and draws nothing.
    public static let guidance = LaneKind(name: "guidance", detectionNoun: "hints")
}
