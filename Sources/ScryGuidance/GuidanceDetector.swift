import ScryCore
import ScrySharpness

/// The guidance lane's detector (`--guidance`): each frame's light (`FrameLevels`), edges
/// (`EdgeSpread`) and detail (`BlurEffect`), the codes the barcode lane read below their
/// minimum module size (`BarcodeAreas`) and the linear, QR, Micro QR, Aztec, PDF417 and Data
/// Matrix codes seen that it did not read whose modules are too narrow (`BarcodeSighting`), judged by
/// `FrameEvidence` and, in a stream, given as hints by `GuidanceRules`.
public final class GuidanceDetector: Detector {
    public let kind = LaneKind.guidance
    private let areas: BarcodeAreas?
    /// A stream's rules; nil for image files, each judged alone.
    private var rules: GuidanceRules?
    /// In a stream, the latest codes seen and the capture time of their frame.
    private var latestSightings: (timestampNanoseconds: UInt64, sightings: [BarcodeSighting])?

    /// How far apart the barcode lane's frame and this lane's may be (lanes on their own
    /// threads) for its small codes to count.
    public static let codeSightingToleranceNanoseconds: UInt64 = 300_000_000
    /// In a stream, codes are looked for (`BarcodeSighting`, about 22 ms a 1280x720 camera
    /// photo, more on a grainy frame) at most this often, the latest sightings standing for the frames between: ten times a
    /// second, enough for a situation that must last 0.2 s.
    public static let sightingIntervalNanoseconds: UInt64 = 100_000_000

    /// `areas`: where the barcode lane publishes its codes (nil without a barcode lane: no
    /// "move closer"). `stream`: frames of a camera or a dump, rather than image files.
    public init(areas: BarcodeAreas?, stream: Bool) {
        self.areas = areas
        rules = stream ? GuidanceRules() : nil
    }

    /// A code seen but not read counts as small when its modules measure under this many
    /// pixels (`BarcodeSighting.moduleSize`): ML Kit's 2 px, above every linear symbology's
    /// calibrated minimum (`Calibration/module-sizes.json`, 1.25 to 1.75 px), as a linear
    /// code's module is measured within about 20%, and QR's own minimum. A code seen with wider modules and not read is
    /// left to the other hints (blurred, in the dark) or is not a code (a railing, blinds).
    public static let unreadModuleLimit = 2.0

    /// What `input`'s frame shows of light, edges and small codes.
    public func evidence(for input: DetectorInput) -> FrameEvidence {
        evidenceAndUnreadCodes(for: input).evidence
    }

    /// `evidence(for:)`, and the small codes seen in the frame that the barcode lane did not
    /// read (the ones no other lane draws).
    private func evidenceAndUnreadCodes(for input: DetectorInput) -> (evidence: FrameEvidence, unread: [BarcodeSighting]) {
        guard let areas else { return (FrameEvidence(of: input.upright, smallCodes: 0), []) }
        let tolerance = rules == nil ? 0 : Self.codeSightingToleranceNanoseconds
        let read = areas.outlines(for: input.frame, toleranceNanoseconds: tolerance)
        let readSmall = areas.smallCodeOutlines(for: input.frame, toleranceNanoseconds: tolerance).count
        let unreadSmall = Self.unreadSmallCodes(sightings(in: input), read: read)
        return (FrameEvidence(of: input.upright, smallCodes: readSmall + unreadSmall.count), unreadSmall)
    }

    /// What pictures and the live view write beside a code seen but not read.
    public static let unreadCodeLabel = "move closer"

    /// The codes seen in `input`'s frame: looked for in every image file, and in a
    /// stream at most every `sightingIntervalNanoseconds`.
    private func sightings(in input: DetectorInput) -> [BarcodeSighting] {
        let now = input.frame.timestampNanoseconds
        if rules != nil, let latest = latestSightings, now >= latest.timestampNanoseconds,
            now - latest.timestampNanoseconds < Self.sightingIntervalNanoseconds
        {
            return latest.sightings
        }
        let found = BarcodeSighting.find(in: input.upright)
        if rules != nil { latestSightings = (now, found) }
        return found
    }

    /// Of `sightings`, the ones with modules under `unreadModuleLimit` that no code in `read`
    /// (outlines in the same pixel space) covers.
    public static func unreadSmallCodes(_ sightings: [BarcodeSighting], read: [[PixelPoint]]) -> [BarcodeSighting] {
        sightings.filter { sighting in
            guard let module = sighting.moduleSize, module < unreadModuleLimit,
                let box = PixelRect(enclosing: sighting.corners)
            else { return false }
            return !BarcodeAreas.covers(read, box)
        }
    }

    public func detect(_ input: DetectorInput) -> DetectorOutput {
        let (evidence, unread) = evidenceAndUnreadCodes(for: input)
        let situations = evidence.hints
        let hints: [Hint]
        if rules != nil {
            hints = rules!.next(situations, at: input.frame.timestampNanoseconds).map { [$0] } ?? []
        } else {
            hints = situations.sorted()
        }
        let lines = hints.map { HintLine($0, source: input.origin.source, in: input.upright.size) }
        // Where the small codes nobody read are, for pictures and the live view: the reason
        // for "move closer", drawn whether or not this frame gives the hint.
        let annotations = input.wantsAnnotations
            ? unread.map { Annotation(lane: .guidance, outline: $0.corners, label: Self.unreadCodeLabel) } : []
        return DetectorOutput(events: lines, detections: lines.count, annotations: annotations)
    }

    public func finish() -> [any OutputLine] { [] }
}

extension LaneKind {
    /// The guidance lane: it counts the hints it gave, and draws the small codes seen that the
    /// barcode lane did not read, in amber boxes labelled "move closer".
    public static let guidance = LaneKind(
        name: "guidance", detectionNoun: "hints",
        style: AnnotationStyle(outline: .init(255, 160, 0), label: .init(160, 90, 0), labelOrder: 1, shape: .box))
}
