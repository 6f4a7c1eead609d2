import ScryCore

/// One face the detector's model proposes before overlapping proposals are merged: a box and
/// six keypoints in the upright image's pixel space (origin top-left), and the model's score.
public struct FaceCandidate: Sendable, Equatable {
    public var box: PixelRect
    /// The model's six points in its order: right eye, left eye, nose tip, mouth centre, right
    /// ear tragion, left ear tragion (the person's sides).
    public var keypoints: [PixelPoint]
    /// The model's score after its sigmoid, 0...1.
    public var score: Double

    public init(box: PixelRect, keypoints: [PixelPoint], score: Double) {
        precondition(keypoints.count == 6, "a face has six keypoints")
        self.box = box
        self.keypoints = keypoints
        self.score = score
    }

    /// The candidate as a detection.
    public var observation: FaceObservation {
        FaceObservation(
            pixelBounds: box, confidence: score,
            keypoints: FaceKeypoints(
                rightEye: keypoints[0], leftEye: keypoints[1], noseTip: keypoints[2], mouthCenter: keypoints[3],
                rightEarTragion: keypoints[4], leftEarTragion: keypoints[5]))
    }
}
