import Glibc
import ScryCore

/// Reads the outputs of MediaPipe's full-range BlazeFace model (`face_detection_full_range`,
/// a 192x192 image in): one anchor per cell of a 48x48 grid (stride 4, centred in its cell),
/// each with 16 regression values — the box's centre offset, width and height, then six
/// keypoints' offsets, all in input pixels — and one raw score.
public enum BlazeFaceDecoding {
    /// The model's input side, in pixels.
    public static let inputSide = 192
    /// Anchors per side of the grid.
    public static let gridSide = 48
    /// Anchors in all.
    public static var anchorCount: Int { gridSide * gridSide }
    /// Regression values per anchor.
    public static let valuesPerAnchor = 16

    /// The candidates whose score reaches `minimumScore`, in the input's pixel space (0...192
    /// on both axes), from the model's `regressors` (`[1, 2304, 16]`) and `scores`
    /// (`[1, 2304, 1]`, before the sigmoid).
    public static func candidates(regressors: [Float], scores: [Float], minimumScore: Double) -> [FaceCandidate] {
        precondition(regressors.count == anchorCount * valuesPerAnchor && scores.count == anchorCount, "not the full-range model's outputs")
        // Scores are compared before the sigmoid: logit(minimumScore).
        let clampedScore = min(max(minimumScore, 1e-6), 1 - 1e-6)
        let threshold = Float(log(clampedScore / (1 - clampedScore)))
        let side = Double(inputSide)
        var found: [FaceCandidate] = []
        for anchor in 0..<anchorCount where scores[anchor] >= threshold {
            let centre = (
                x: (Double(anchor % gridSide) + 0.5) / Double(gridSide) * side,
                y: (Double(anchor / gridSide) + 0.5) / Double(gridSide) * side)
            let values = anchor * valuesPerAnchor
            func value(_ index: Int) -> Double { Double(regressors[values + index]) }
            let width = value(2), height = value(3)
            guard width > 0, height > 0 else { continue }
            let box = PixelRect(
                x: centre.x + value(0) - width / 2, y: centre.y + value(1) - height / 2, width: width, height: height)
            let keypoints = (0..<6).map { point in
                PixelPoint(x: centre.x + value(4 + 2 * point), y: centre.y + value(5 + 2 * point))
            }
            // The raw score is clipped as MediaPipe clips it, so exp cannot overflow.
            let raw = Double(min(max(scores[anchor], -100), 100))
            found.append(FaceCandidate(box: box, keypoints: keypoints, score: 1 / (1 + exp(-raw))))
        }
        return found
    }
}
