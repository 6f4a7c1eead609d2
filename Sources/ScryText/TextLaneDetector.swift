import ScryCore

/// The text lane's detector: `TextRegionDetector` (or any `TextDetecting`) on each upright
/// frame. In a stream, its lines are grouped into tracks by `TextTracker` and written as track
/// events; a line's word and character boxes follow it, with its track, when the line is
/// confirmed or read (and at every sighting with `everyFrame`). Without tracking (image
/// files), every box is a line naming where it was seen. A line reported before it was read
/// (live neural text) is confirmed without text, and its text follows as the track's `read`
/// event.
public final class TextLaneDetector: Detector {
    public let kind = LaneKind.text
    /// The engine, once made (`makeDetector` makes it on the first frame that needs it).
    private var detector: (any TextDetecting)?
    private var makeDetector: (() throws -> any TextDetecting)?
    /// Whether a frame with nothing shaped like text outside its codes (`TextPresence`) is
    /// passed over without running the engine.
    private let skipsFramesWithoutText: Bool
    /// Frames passed over for having nothing shaped like text.
    public private(set) var framesWithoutText = 0
    private var tracker: TextTracker?
    private let everyFrame: Bool
    /// The last frame, for the lines written at the end.
    private var lastInput: DetectorInput?
    /// Where the barcode lane found codes: text there is not reported.
    private let barcodeAreas: BarcodeAreas?
    /// How far apart (capture time) a frame of the barcode lane may be from this lane's frame
    /// for its codes to count: 0 in lockstep runs (the same frame only), a second when the
    /// lanes run on their own threads.
    private let areaToleranceNanoseconds: UInt64
    /// Text boxes dropped because they lay over a barcode.
    public private(set) var boxesOverBarcodes = 0
    /// The engine's `linesLeftUnread` when the last frame's output was made.
    private var unreadSoFar = 0

    /// `barcodeAreas`: text boxes lying mostly over a code (`BarcodeAreas.covers`) the
    /// barcode lane found in the same frame (or, with `threaded`, within a second of it) are
    /// not reported, and neither are the words and characters inside them.
    public init(_ detector: any TextDetecting, tracking: TrackingPolicy?, barcodeAreas: BarcodeAreas? = nil, threaded: Bool = false) {
        self.detector = detector
        self.barcodeAreas = barcodeAreas
        skipsFramesWithoutText = false
        areaToleranceNanoseconds = threaded ? 1_000_000_000 : 0
        let unreadLinesAreNew = (detector as? StreamTextDetecting)?.reportsLinesBeforeReading ?? false
        tracker = tracking.map { TextTracker(lostAfterNanoseconds: $0.lostAfterNanoseconds, unreadLinesAreNew: unreadLinesAreNew) }
        everyFrame = tracking?.everyFrame ?? true
    }

    /// For image files (no tracking): the engine `makeDetector` makes is made on the first
    /// frame that needs it, so a run whose images hold no text never loads it; its error then
    /// stops the run. With `skipsFramesWithoutText`, a frame with nothing shaped like text
    /// outside the codes the barcode lane found in it (`TextPresence`) reports no text.
    public init(
        loading makeDetector: @escaping () throws -> any TextDetecting, barcodeAreas: BarcodeAreas? = nil,
        skipsFramesWithoutText: Bool
    ) {
        self.makeDetector = makeDetector
        self.barcodeAreas = barcodeAreas
        self.skipsFramesWithoutText = skipsFramesWithoutText
        areaToleranceNanoseconds = 0
        tracker = nil
        everyFrame = true
    }

    public func prepare(forUprightFrameSize size: ImageSize) {
        (detector as? StreamTextDetecting)?.prepare(forFrameSize: size)
    }

    public func detect(_ input: DetectorInput) throws -> DetectorOutput {
        lastInput = input
        if skipsFramesWithoutText {
            let codes = barcodeAreas?.outlines(for: input.frame, toleranceNanoseconds: areaToleranceNanoseconds) ?? []
            guard TextPresence.mayHoldText(input.upright, outside: codes) else {
                framesWithoutText += 1
                return DetectorOutput(events: [], detections: 0)
            }
        }
        let engine = try engine()
        // A frame spent reading the lines of earlier ones gives no lines (its tracks wait).
        if let streaming = engine as? StreamTextDetecting, streaming.readsInsteadOfLooking(at: input.upright) {
            return DetectorOutput(events: [], detections: 0, linesWaitingToBeRead: streaming.linesWaitingToBeRead)
        }
        let texts = engine.detectText(in: input.upright)
        // Lines that moved with the scene continue their tracks where they are now.
        if let move = (engine as? StreamTextDetecting)?.lastSceneMove {
            tracker?.moveOpenTracks { $0.moved(by: move) }
        }
        var output = output(texts, of: input)
        if let streaming = engine as? StreamTextDetecting, streaming.linesLeftUnread > unreadSoFar {
            let count = streaming.linesLeftUnread - unreadSoFar
            unreadSoFar = streaming.linesLeftUnread
            output.shortfalls.append(
                LaneShortfall(
                    counter: "lines_unread", count: count,
                    warning: "\(count) text line\(count == 1 ? "" : "s") left the view before \(count == 1 ? "it was" : "they were") read: "
                        + "reported as boxes without text (counted as lines_unread in the stats line)"))
        }
        output.linesWaitingToBeRead = (engine as? StreamTextDetecting)?.linesWaitingToBeRead
        return output
    }

    /// The engine, made now if it was not yet.
    private func engine() throws -> any TextDetecting {
        if let detector { return detector }
        let made = try makeDetector!()
        detector = made
        makeDetector = nil
        return made
    }

    /// The output for `texts`, found in `input`'s frame.
    private func output(_ texts: [TextObservation], of input: DetectorInput) -> DetectorOutput {
        let size = input.upright.size
        var texts = texts
        if let barcodeAreas {
            let outlines = barcodeAreas.outlines(for: input.frame, toleranceNanoseconds: areaToleranceNanoseconds)
            if !outlines.isEmpty {
                let before = texts.count
                let covered = texts.filter { $0.level == .line && BarcodeAreas.covers(outlines, $0.pixelBounds) }.map(\.pixelBounds)
                texts.removeAll { text in
                    BarcodeAreas.covers(outlines, text.pixelBounds) || covered.contains { $0.contains(text.pixelBounds.centre) }
                }
                boxesOverBarcodes += before - texts.count
            }
        }
        guard tracker != nil else {
            let lines = texts.map { TextLine($0, source: input.origin.source, in: size) }
            let annotations = input.wantsAnnotations ? texts.map { annotation($0) } : []
            return DetectorOutput(events: lines, detections: texts.count, annotations: annotations)
        }
        let sequence = input.frame.sequence
        let lines = texts.filter { $0.level == .line }
        let parts = texts.filter { $0.level != .line }
        let reports = tracker!.update(frame: sequence, timestampNanoseconds: input.frame.timestampNanoseconds, items: lines)
        var events: [any OutputLine] = []
        for report in reports where everyFrame || report.event != .seen {
            events.append(TextLine(report, in: size))
            guard report.event != .lost else { continue }
            for part in parts where report.item.pixelBounds.contains(part.pixelBounds.centre) {
                events.append(
                    TextLine(
                        part, source: .frame(sequence: sequence), in: size,
                        track: report.trackEvent))
            }
        }
        guard input.wantsAnnotations else { return DetectorOutput(events: events, detections: texts.count) }
        let sightings = reports.filter { $0.event != .lost }
        let annotations = texts.map { text in
            annotation(text, track: text.level == .line ? sightings.first { $0.item == text }?.track : nil)
        }
        return DetectorOutput(events: events, detections: texts.count, annotations: annotations)
    }

    /// A line's outline (its turned corners where it has them, else its box) with its text; a
    /// word's or character's outline alone.
    private func annotation(_ text: TextObservation, track: Int? = nil) -> Annotation {
        let label = text.level == .line ? (text.text ?? "") : ""
        let outline = text.corners.flatMap { $0.count == 4 ? $0 : nil } ?? Annotation.corners(of: text.pixelBounds)
        return Annotation(lane: kind, outline: outline, label: label, track: track)
    }

    /// Lines still being read are waited for and reported as seen in the last frame; then
    /// every open track is lost.
    public func finish() -> [any OutputLine] {
        guard var lastInput, tracker != nil else { return [] }
        var lines: [any OutputLine] = []
        if let streaming = detector as? StreamTextDetecting {
            lastInput.wantsAnnotations = false
            lines += output(streaming.finishStream(), of: lastInput).events
        }
        return lines + tracker!.finish().map { TextLine($0, in: lastInput.upright.size) }
    }
}

extension LaneKind {
    /// The text lane: blue outlines around each line, labelled last, no taller than the line;
    /// behind when a frame's lines come more than 1.5 s after its capture.
    public static let text = LaneKind(
        name: "text", detectionNoun: "text regions",
        style: AnnotationStyle(outline: .init(0, 90, 255), label: .init(0, 60, 200), labelOrder: 4, shape: .box, isTextLine: true),
        budget: LaneBudget(deadline: .milliseconds(1500)))
}
