/// A frame as a detector sees it.
public struct DetectorInput {
    /// The frame as captured or stored: its sequence number and capture timestamp, and its
    /// pixels in their own format (for a detector that wants more than gray).
    public var frame: Frame
    /// The frame's gray image turned upright. Every coordinate a detector reports is in this
    /// image's pixel space (origin top-left).
    public var upright: GrayImage
    /// How the frame's stored pixels are turned to make `upright` (for a detector that reads
    /// the frame's own pixels, such as colour).
    public var orientation: ImageOrientation
    /// Where the frame came from, as its lines name it.
    public var origin: FrameOrigin
    /// Whether the run draws pictures (`--annotate`): only then does a detector describe its
    /// detections as annotations, work the frames of an ordinary run are spared.
    public var wantsAnnotations: Bool

    public init(
        frame: Frame, upright: GrayImage, orientation: ImageOrientation = .up, origin: FrameOrigin? = nil,
        wantsAnnotations: Bool = false
    ) {
        self.frame = frame
        self.upright = upright
        self.orientation = orientation
        self.origin = origin ?? .streamFrame(stream: nil, sequence: frame.sequence)
        self.wantsAnnotations = wantsAnnotations
    }
}

/// Where a frame came from.
public enum FrameOrigin: Sendable, Equatable {
    /// A frame of a stream (a camera, a frame dump), by its sequence number; `stream` names
    /// the camera or dump when a line needs it (a vocabulary entry's source).
    case streamFrame(stream: String?, sequence: UInt64)
    /// A still image file, by its name as given (escaped for display).
    case imageFile(String)

    /// How a detection line names it: `frame` or `file`.
    public var source: DetectionSource {
        switch self {
        case .streamFrame(_, let sequence): .frame(sequence: sequence)
        case .imageFile(let name): .file(name)
        }
    }

    /// "page.png", "pages.scrydump#frame=12", "/dev/video0#frame=300".
    public var description: String {
        switch self {
        case .streamFrame(let stream, let sequence): "\(stream ?? "")#frame=\(sequence)"
        case .imageFile(let name): name
        }
    }
}

/// What a detector gives for one frame.
public struct DetectorOutput {
    /// The lines the frame produced, in the order they are written (detections, or for a
    /// tracking detector the track events the frame caused).
    public var events: [any OutputLine]
    /// How many things the detector found in the frame (whether or not a line reports them).
    public var detections: Int
    /// Every detection of the frame as a picture draws it (whether or not a line reports it),
    /// when the input asked for them; else empty.
    public var annotations: [Annotation]
    /// What the detector could not do on this frame for want of time (a stream's lines that
    /// left the view unread); empty on an ordinary frame.
    public var shortfalls: [LaneShortfall]
    /// Lines of text the detector has found and not read yet (a stream's text lane, whose
    /// readers work in the background); nil for a detector that reads no text. While some
    /// wait, the lanes with a `LaneBudget.yieldingFramesPerSecond` take fewer frames.
    public var linesWaitingToBeRead: Int?

    public init(
        events: [any OutputLine], detections: Int, annotations: [Annotation] = [], shortfalls: [LaneShortfall] = [],
        linesWaitingToBeRead: Int? = nil
    ) {
        self.events = events
        self.detections = detections
        self.annotations = annotations
        self.shortfalls = shortfalls
        self.linesWaitingToBeRead = linesWaitingToBeRead
    }
}

/// One detector: the unit a detector lane runs. A detector module (barcodes, text, ...)
/// provides one, and adding a detector to scry is that module plus one line of wiring.
///
/// A detector holds C engines bound to one thread: it is made on one thread, handed to the
/// lane's thread, and used there only.
public protocol Detector: AnyObject {
    /// The lane it runs in: its name, what it counts, how pictures draw its detections.
    var kind: LaneKind { get }
    /// Looks at one upright frame. A thrown error stops the run (a notebook that cannot be
    /// written); finding nothing is an empty output, not an error.
    func detect(_ input: DetectorInput) throws -> DetectorOutput
    /// The lines that end the stream (tracks still open are lost), once, after the last frame.
    func finish() -> [any OutputLine]
    /// Readies the detector for a stream of upright frames of `size`, before its first frame
    /// (a model compiled for that size and run once), so that the first frames do not pay for
    /// it. Called at most once, before `detect`; the default does nothing.
    func prepare(forUprightFrameSize size: ImageSize)
}

extension Detector {
    /// The lane's name, in statistics and thread names ("barcode", "text").
    public var name: String { kind.name }

    public func prepare(forUprightFrameSize size: ImageSize) {}
}

/// Follows how a stream's frames are turned (`--orientation auto`), one thread's worth.
public protocol OrientationFollowing: AnyObject {
    /// The orientation of the stream after `stored`, its next frame as stored: the new
    /// orientation and the estimate that chose it when it changes, else nil.
    func follow(_ stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate)?
}
