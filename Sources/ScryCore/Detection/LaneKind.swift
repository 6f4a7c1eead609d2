/// What a detector lane is, as everything around its detector needs to know it: the name its
/// lines, statistics, thread and pictures give it, what the stderr summary calls its
/// detections, how pictures draw them, and when it is behind (`LaneBudget`). Each detector
/// module defines its lane's kind (`LaneKind.barcode` in ScryBarcode, ...); the engine, the
/// stats and session lines and the pictures only read it, so a new detector is named in one
/// place.
public struct LaneKind: Sendable, Equatable {
    /// The lane's name: its key in the stats line's `lanes`, its entry in the session line's
    /// `detectors`, its word in a picture's legend, its thread's name ("barcode", "text").
    public var name: String
    /// What the stderr summary calls its detections, plural ("barcodes", "text regions").
    public var detectionNoun: String
    /// How pictures (`--annotate`) draw its detections.
    public var style: AnnotationStyle
    /// When a streamed run says the lane is behind.
    public var budget: LaneBudget

    public init(name: String, detectionNoun: String, style: AnnotationStyle = AnnotationStyle(), budget: LaneBudget = LaneBudget()) {
        self.name = name
        self.detectionNoun = detectionNoun
        self.style = style
        self.budget = budget
    }
}

/// How a picture draws one lane's detections: colours, which labels get the best places, and
/// what an outline surrounds.
public struct AnnotationStyle: Sendable, Equatable {
    /// An sRGB colour, 0...255 a channel.
    public struct Colour: Sendable, Equatable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// What an outline surrounds, which decides what its label must keep clear of.
    public enum Shape: Sendable, Equatable {
        /// Something small and read as a whole (a code, a line of text): no label covers any of
        /// it, and its own label goes beside it, never inside.
        case box
        /// An area with other things in it (a face, a page): labels keep clear of its edges,
        /// and its own label may sit just inside one of its corners.
        case region
    }

    /// The outlines' colour.
    public var outline: Colour
    /// The labels' colour: the outline's, dark enough to read on white.
    public var label: Colour
    /// Labels are placed lowest first, so that a lane with a low order gets the best places.
    public var labelOrder: Int
    public var shape: Shape
    /// A line of text: its label is no taller than the line it names, and its outline is
    /// dashed where it crosses another line's box (lines set close together).
    public var isTextLine: Bool
    /// Its outlines are drawn after every other lane's, so they stay whole where a box shares
    /// an edge with them (codes).
    public var drawnLast: Bool

    /// The style of a lane that says nothing of its own: magenta regions, labelled after codes,
    /// faces and pages.
    public init(
        outline: Colour = Colour(230, 0, 200), label: Colour = Colour(160, 0, 140), labelOrder: Int = 3,
        shape: Shape = .region, isTextLine: Bool = false, drawnLast: Bool = false
    ) {
        self.outline = outline
        self.label = label
        self.labelOrder = labelOrder
        self.shape = shape
        self.isTextLine = isTextLine
        self.drawnLast = drawnLast
    }
}
