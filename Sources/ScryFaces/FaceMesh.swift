import Glibc
import ScryCore
import ScryNeural

/// MediaPipe's face mesh (`face_landmark.tflite`: a 192x192 face crop in, 468 points out),
/// reduced to Vision's named regions. The crop is MediaPipe's: centred on the detector's box,
/// 1.5 times its longer side, turned so the eyes lie level, read in colour between pixels.
///
/// Its session belongs to one thread: make it on one and use it there.
public final class FaceMesh {
    /// The model's input side, in pixels.
    public static let inputSide = 192
    /// Points the model gives (x, y, z each).
    public static let pointCount = 468
    /// The crop's side over the detector box's longer side.
    public static let cropScale = 1.5

    private let session: InferenceSession
    private let pointsOutput: Int
    private let presenceOutput: Int
    private var tensor = [Float](repeating: 0, count: inputSide * inputSide * 3)

    /// Loads the model (`FaceModels.mesh` by default); throws when it cannot be loaded or is not
    /// a face mesh.
    public init(threads: Int = 1, modelPath: String = FaceModels.mesh) throws(NeuralRuntimeError) {
        session = try InferenceSession(modelPath: modelPath, threads: threads, runtime: try NeuralRuntime.shared())
        let side = Self.inputSide
        guard session.inputShape == [1, side, side, 3],
            let points = session.outputShapes.firstIndex(of: [1, 1, 1, Self.pointCount * 3]),
            let presence = session.outputShapes.firstIndex(of: [1, 1, 1, 1])
        else {
            throw .unexpectedModelShape(
                path: modelPath,
                detail: "input \(session.inputShape), outputs \(session.outputShapes); a face mesh takes [1, 192, 192, 3] and gives [1, 1, 1, 1404] and [1, 1, 1, 1]")
        }
        pointsOutput = points
        presenceOutput = presence
    }

    /// The crop for `face`: its centre and side in upright pixels, and the angle (radians) its
    /// x axis makes with the image's (the eyes' line).
    public static func crop(for face: FaceObservation) -> (centre: PixelPoint, side: Double, angle: Double) {
        let box = face.pixelBounds
        let eyes = face.keypoints
        let angle = atan2(eyes.leftEye.y - eyes.rightEye.y, eyes.leftEye.x - eyes.rightEye.x)
        return (PixelPoint(x: box.x + box.width / 2, y: box.y + box.height / 2), max(box.width, box.height) * cropScale, angle)
    }

    /// The 468 points of `face` in upright pixels, or nil when the model finds no face in the
    /// crop (its presence score under 0.5).
    public func points(for face: FaceObservation, in sampler: FrameColourSampler) throws(NeuralRuntimeError) -> [PixelPoint]? {
        let (centre, side, angle) = Self.crop(for: face)
        let (cosine, sine) = (cos(angle), sin(angle))
        let n = Self.inputSide
        // Crop pixel (i, j) centre -> upright point.
        func upright(_ x: Double, _ y: Double) -> PixelPoint {
            let dx = (x / Double(n) - 0.5) * side, dy = (y / Double(n) - 0.5) * side
            return PixelPoint(x: centre.x + dx * cosine - dy * sine, y: centre.y + dx * sine + dy * cosine)
        }
        // Crop pixel (i, j) is read at its centre, (i + 0.5, j + 0.5) in crop pixels.
        let step = side / Double(n)
        sampler.fillGrid(
            &tensor, side: n, origin: upright(0.5, 0.5), columnStep: PixelPoint(x: step * cosine, y: step * sine),
            rowStep: PixelPoint(x: -step * sine, y: step * cosine), scale: 1 / 255)
        let outputs = try session.run(NeuralTensor(shape: [1, n, n, 3], values: tensor), outputs: [pointsOutput, presenceOutput])
        let presence = 1 / (1 + exp(-Double(min(max(outputs[1].values[0], -100), 100))))
        guard presence >= 0.5 else { return nil }
        let values = outputs[0].values
        return (0..<Self.pointCount).map { upright(Double(values[3 * $0]), Double(values[3 * $0 + 1])) }
    }

    /// Vision's regions from the 468 points.
    public static func landmarks(from points: [PixelPoint]) -> FaceLandmarks {
        precondition(points.count == pointCount, "a face mesh has 468 points")
        func pick(_ indices: [Int]) -> [PixelPoint] { indices.map { points[$0] } }
        func middle(_ indices: [Int]) -> [PixelPoint] {
            let chosen = pick(indices)
            let count = Double(chosen.count)
            return [PixelPoint(x: chosen.reduce(0) { $0 + $1.x } / count, y: chosen.reduce(0) { $0 + $1.y } / count)]
        }
        let regions = FaceMeshRegions.self
        return FaceLandmarks(
            faceContour: pick(regions.faceContour), rightEye: pick(regions.rightEye), leftEye: pick(regions.leftEye),
            rightEyebrow: pick(regions.rightEyebrow), leftEyebrow: pick(regions.leftEyebrow),
            nose: ConvexHull.of(pick(regions.nose)), noseCrest: pick(regions.noseCrest), medianLine: pick(regions.medianLine),
            outerLips: pick(regions.outerLips), innerLips: pick(regions.innerLips), rightPupil: middle(regions.rightEye),
            leftPupil: middle(regions.leftEye))
    }
}
