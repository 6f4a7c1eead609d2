import ScryCore

/// The barcode lane's detector: `BarcodeDetector` (or any `BarcodeDetecting`) on each upright
/// frame, its readings tracked in streams by `BarcodeTracker`.
public typealias BarcodeLaneDetector = TrackingLaneDetector<BarcodeLine>

extension TrackingLaneDetector where Line == BarcodeLine {
    /// `areas`: where each frame's codes are published for the text and guidance lanes, when
    /// there is one.
    public convenience init(_ detector: any BarcodeDetecting, tracking: TrackingPolicy?, publishingTo areas: BarcodeAreas? = nil) {
        let outlines = LinearCodeOutlines()
        self.init(
            kind: .barcode, tracking: tracking, makeTracker: { BarcodeTracker(lostAfterNanoseconds: $0) },
            find: { input in
                let barcodes = detector.detect(in: input.upright)
                areas?.publish(
                    barcodes.map(\.corners), smallCodes: barcodes.filter { $0.meetsMinimum == false }.map(\.corners),
                    in: input.frame)
                return barcodes
            },
            annotation: { Self.annotation($0, in: $1, track: $2, outlines: outlines) })
    }

    /// The symbology and the payload's start, around the code's corners (a linear code's
    /// grown to the height of its bars, where a reader gave only the row it scanned, kept in
    /// `outlines` for its track).
    private static func annotation(
        _ barcode: BarcodeObservation, in image: GrayImage, track: Int?, outlines: LinearCodeOutlines
    ) -> Annotation {
        let text = String(decoding: barcode.payload, as: UTF8.self)
        let shown = text.count > 40 ? text.prefix(39) + "…" : Substring(text)
        let outline = LinearCodeExtent.isLinear(barcode.symbology)
            ? outlines.outline(of: barcode.corners, track: track, in: image) : barcode.corners
        return Annotation(lane: .barcode, outline: outline, label: "\(barcode.symbology.rawValue) \(shown)", track: track)
    }
}

extension LaneKind {
    /// The barcode lane: green outlines, drawn over any other's, labelled first; behind when a
    /// frame's codes come more than half a second after its capture, or when it analyses fewer
    /// than 15 frames a second (half a 30 fps camera's) while frames come faster: a code shown
    /// briefly is then seen too few times to be confirmed.
    public static let barcode = LaneKind(
        name: "barcode", detectionNoun: "barcodes",
        style: AnnotationStyle(
            outline: .init(0, 200, 0), label: .init(0, 120, 0), labelOrder: 0, shape: .box, drawnLast: true),
        budget: LaneBudget(deadline: .milliseconds(500), floorFramesPerSecond: 15))
}
