import ScryCore
import ScryMotion

/// Rectangles followed corner by corner between detections (`--track-rectangle`, Vision's
/// VNTrackRectangleRequest): `RectangleDetector` looks at every `detectionInterval`-th frame (and
/// at any frame with nothing to follow); between, the last frame's rectangles are followed by
/// `ImageRegistration.follow` (the flow of the corners inside each, a homography). At a detection
/// frame a detected rectangle whose corners agree with a followed one (within 12 px) replaces it;
/// a followed rectangle that no detected one overlaps, or that one overlaps without agreeing (a
/// part of the page, an edge covered), is kept, so that a page whose edge a hand covers keeps
/// its quad. A rectangle whose flow fails, or whose centre leaves the frame, is
/// dropped.
public final class RectangleFollower {
    public let detector: RectangleDetector
    public let detectionInterval: Int
    private var previous: GrayImage?
    private var last: [RectangleObservation] = []
    private var frames = 0

    public init(_ detector: RectangleDetector, detectionInterval: Int = 3) {
        precondition(detectionInterval >= 1)
        self.detector = detector
        self.detectionInterval = detectionInterval
    }

    /// The rectangles of the next frame of a stream.
    public func rectangles(in image: GrayImage) throws -> [RectangleObservation] {
        defer {
            previous = image
            frames += 1
        }
        var followed: [RectangleObservation] = []
        if let previous, !last.isEmpty {
            let moved = try ImageRegistration.follow(last.map(\.corners), from: previous, to: image)
            for (old, corners) in zip(last, moved) {
                guard let corners, Self.centreIsInside(corners, image) else { continue }
                followed.append(RectangleObservation(corners: corners, confidence: old.confidence, cut: old.cut))
            }
        }
        if frames % detectionInterval == 0 || followed.isEmpty {
            var detected = try detector.rectangles(in: image)
            var kept: [RectangleObservation] = []
            for one in followed {
                let box = PixelRect(enclosing: one.corners)!
                guard let index = detected.firstIndex(where: { PixelRect(enclosing: $0.corners)!.intersectionOverUnion(box) >= 0.3 }) else {
                    // Not seen by the detector (an edge covered): kept as followed.
                    kept.append(one)
                    continue
                }
                // A detection that agrees with the followed corners replaces them (it corrects
                // any drift); one that does not is a part of the page (an edge covered).
                if Self.largestDistance(detected[index].corners, one.corners) > Self.agreement {
                    detected.remove(at: index)
                    kept.append(one)
                }
            }
            last = detected + kept
        } else {
            last = followed
        }
        return last
    }

    /// How far (pixels) a detected corner may lie from a followed one and the two agree.
    static let agreement = 12.0

    private static func largestDistance(_ a: [PixelPoint], _ b: [PixelPoint]) -> Double {
        zip(a, b).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max() ?? 0
    }

    private static func centreIsInside(_ corners: [PixelPoint], _ image: GrayImage) -> Bool {
        let x = corners.map(\.x).reduce(0, +) / 4, y = corners.map(\.y).reduce(0, +) / 4
        return x >= 0 && y >= 0 && x < Double(image.width) && y < Double(image.height) && x.isFinite && y.isFinite
    }
}
