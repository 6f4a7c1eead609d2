import ScryCore

/// `scry scan`'s detector: finds the page in each frame, flattens it and hands it to `store`
/// (which writes it and returns its name), one `PageLine` per page stored.
///
/// An image file's page is stored at once. In a stream (a dump, the camera) a page is stored
/// the way a document camera captures: once its corners have stayed within 2% of the frame's
/// smaller side for `holdNanoseconds` (0.5 s) of frame time, on the first frame after that
/// whose flattened page is at least 0.8 times as sharp as the sharpest seen while it was held
/// (not a frame blurred by a last movement). The held page is then stored no more until it
/// moves or leaves the picture. A page the frame cuts (`RectangleObservation.cut`) is stored
/// from an image file (its corners beyond the frame extrapolated), but not from a stream:
/// `onCutPage` is told instead, once the page has been held still, so that the user can move
/// back.
public final class PageScanner: Detector {
    public let kind = LaneKind.page
    /// A page flattened: in gray, and in colour when the scanner keeps colour.
    public struct FlattenedPage {
        /// The page in gray (what text is read from).
        public var gray: GrayImage
        /// The same page in colour, pixel for pixel, when asked for.
        public var colour: ColourImage?

        public init(gray: GrayImage, colour: ColourImage? = nil) {
            self.gray = gray
            self.colour = colour
        }
    }

    /// Writes a flattened page; returns the name its line gives.
    public typealias Store = (FlattenedPage) throws -> String

    public static let holdNanoseconds: UInt64 = 500_000_000
    private let flattener = PageFlattener()
    private let store: Store
    /// The page being held still: where, since when, the sharpest flattening so far, and
    /// whether it has been stored.
    private var hold: (page: RectangleObservation, since: UInt64, sharpest: Double, stored: Bool)?
    /// Pages stored so far.
    public private(set) var pagesStored = 0
    /// Of those, pages the frame cut (image files only), their corners beyond it extrapolated.
    public private(set) var cutPagesStored = 0
    /// Told, once for each page held still, that the frame cuts it and on which sides (in a
    /// stream such a page is not stored: the user can move back).
    public var onCutPage: ((Set<ImageSide>) -> Void)?
    /// Whether the held page has been reported as cut.
    private var toldCut = false

    /// Whether pages are flattened in colour too (the frames must keep their colour).
    public let keepsColour: Bool

    public init(keepsColour: Bool = false, store: @escaping Store) {
        self.keepsColour = keepsColour
        self.store = store
    }

    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        let image = input.upright
        guard let page = try flattener.page(in: image) else {
            hold = nil
            return DetectorOutput(events: [], detections: 0)
        }
        let annotations = input.wantsAnnotations
            ? [Annotation(lane: kind, outline: page.corners, label: "page \(Int((page.confidence * 100).rounded()))%" + page.cutLabel)] : []
        guard case .streamFrame = input.origin else {
            if !page.cut.isEmpty { cutPagesStored += 1 }
            return DetectorOutput(events: [try stored(page, of: input)], detections: 1, annotations: annotations)
        }
        let now = input.frame.timestampNanoseconds
        let tolerance = 0.02 * Double(min(image.width, image.height))
        guard let held = hold, Self.distance(held.page, page) <= tolerance, now >= held.since else {
            hold = (page, now, 0, false)
            toldCut = false
            return DetectorOutput(events: [], detections: 1, annotations: annotations)
        }
        // A page the frame cuts is not taken from a stream: the user is told to move back.
        guard page.cut.isEmpty else {
            if !toldCut, now - held.since >= Self.holdNanoseconds {
                toldCut = true
                onCutPage?(page.cut)
            }
            return DetectorOutput(events: [], detections: 1, annotations: annotations)
        }
        let flat = try flattener.flatten(image, page: page)
        let sharpness = PageFlattener.sharpness(of: flat)
        hold!.sharpest = max(held.sharpest, sharpness)
        guard !held.stored, now - held.since >= Self.holdNanoseconds, sharpness >= 0.8 * hold!.sharpest else {
            return DetectorOutput(events: [], detections: 1, annotations: annotations)
        }
        hold!.stored = true
        return DetectorOutput(events: [try stored(page, of: input, flat: flat)], detections: 1, annotations: annotations)
    }

    public func finish() -> [any OutputLine] { [] }

    /// The page flattened (unless it was already), stored, and its line.
    private func stored(_ page: RectangleObservation, of input: DetectorInput, flat: GrayImage? = nil) throws -> PageLine {
        let flat = try flat ?? flattener.flatten(input.upright, page: page)
        var colour: ColourImage?
        if keepsColour {
            // Each channel flattened as the gray page is, so that the two match pixel for pixel.
            // (A frame whose colour picture is not the gray one's size has none to give.)
            let upright = try ColourImage(reducing: input.frame, orientation: input.orientation, scale: 1)
            if upright.size == input.upright.size {
                let channels = try (0..<3).map { (index) throws(DocumentGeometryError) in
                    try flattener.flatten(upright.channel(index), page: page)
                }
                colour = ColourImage(red: channels[0], green: channels[1], blue: channels[2])
            }
        }
        let name = try store(FlattenedPage(gray: flat, colour: colour))
        pagesStored += 1
        return PageLine(
            page, source: input.origin.source, in: input.upright.size, output: name,
            outputSize: ImageSize(width: flat.width, height: flat.height), sharpness: PageFlattener.sharpness(of: flat))
    }

    /// How far the corners of two pages lie apart: the largest of the four distances.
    static func distance(_ a: RectangleObservation, _ b: RectangleObservation) -> Double {
        zip(a.corners, b.corners).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max() ?? .infinity
    }
}
