import ScryCore

/// Merges overlapping face candidates as MediaPipe's face detection does ("weighted"
/// non-maximum suppression): the best remaining candidate gathers every other whose box
/// overlaps it by at least `minimumOverlap` (intersection over union); their boxes and
/// keypoints are averaged, weighted by score, and the group keeps its best score.
public enum WeightedSuppression {
    public static let minimumOverlap = 0.3

    public static func merged(_ candidates: [FaceCandidate], minimumOverlap: Double = minimumOverlap) -> [FaceCandidate] {
        var remaining = candidates.sorted { $0.score > $1.score }
        var merged: [FaceCandidate] = []
        while let best = remaining.first {
            let group = remaining.filter { $0.box.intersectionOverUnion(best.box) >= minimumOverlap || $0 == best }
            remaining.removeAll { $0.box.intersectionOverUnion(best.box) >= minimumOverlap || $0 == best }
            let total = group.reduce(0) { $0 + $1.score }
            func average(_ value: (FaceCandidate) -> Double) -> Double {
                group.reduce(0) { $0 + value($1) * $1.score } / total
            }
            let box = PixelRect(
                x: average { $0.box.x }, y: average { $0.box.y }, width: average { $0.box.width },
                height: average { $0.box.height })
            let keypoints = (0..<6).map { index in
                PixelPoint(x: average { $0.keypoints[index].x }, y: average { $0.keypoints[index].y })
            }
            merged.append(FaceCandidate(box: box, keypoints: keypoints, score: best.score))
        }
        return merged
    }
}
