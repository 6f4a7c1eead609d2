import ScryCore
import ScryNeural

/// What the face detector looks for, named after ML Kit's `FaceDetectorOptions`.
public struct FaceDetectorOptions: Sendable, Equatable {
    /// The smallest face wanted, as the face's width over the image's width (ML Kit's
    /// `minFaceSize`). Scry's default, 0.03, is smaller than ML Kit's 0.1: it makes a face
    /// about 40 pixels wide in a 1280x720 frame findable. Smaller faces cost more tiles.
    public var minimumFaceSize: Double
    /// Faces with a lower score are not reported.
    public var minimumConfidence: Double
    /// Threads one inference uses.
    public var threads: Int
    /// Whether each face gets its landmarks (Vision's regions, from MediaPipe's face mesh).
    public var landmarks: Bool

    public static let defaultMinimumFaceSize = 0.03
    public static let defaultMinimumConfidence = 0.5

    public init(
        minimumFaceSize: Double = defaultMinimumFaceSize, minimumConfidence: Double = defaultMinimumConfidence,
        threads: Int = 1, landmarks: Bool = false
    ) {
        self.minimumFaceSize = minimumFaceSize
        self.minimumConfidence = minimumConfidence
        self.threads = threads
        self.landmarks = landmarks
    }
}

/// Finds faces with MediaPipe's full-range BlazeFace model through the neural runtime, in
/// colour: every level of a `FaceScanPlan` is reduced from the frame's own pixels (so a YUYV
/// camera frame keeps its colour), cut into 192x192 tiles, and each tile's candidates are
/// merged by `WeightedSuppression`. A candidate touching a tile edge inside the image is
/// dropped: that face is cut, and lies whole in a neighbouring tile or the next level.
///
/// Its session belongs to one thread: make it on one and use it there.
public final class FaceDetector {
    /// How much of the plan each frame gets.
    public enum Profile: Sendable {
        /// Every tile of every level (image files, replays in order).
        case stillImage
        /// For a live stream: the whole-image level every frame, and the finer levels' tiles
        /// alternately, half of them a frame (so a new small face is found within two
        /// frames), plus every tile that holds a face the previous frame found there, so a face
        /// once found is seen in every frame.
        case video
    }

    public let options: FaceDetectorOptions
    public let profile: Profile
    /// Frames looked at so far (which half of the fine tiles is next, in the video profile).
    private var frameCount = 0
    /// The faces of the previous frame, in upright pixels (the video profile).
    private var previousFaces: [PixelRect] = []
    private let session: InferenceSession
    /// The face mesh, with `options.landmarks`.
    private let mesh: FaceMesh?
    private let regressorOutput: Int
    private let scoreOutput: Int
    /// The plan for the last image size seen: a stream's frames share it.
    private var plan: (size: ImageSize, plan: FaceScanPlan)?
    private var tensor = [Float](repeating: 0, count: BlazeFaceDecoding.inputSide * BlazeFaceDecoding.inputSide * 3)

    /// Loads the model (`FaceModels.detector` by default), and the face mesh
    /// (`FaceModels.mesh`) when `options.landmarks`. Throws when the runtime or a model cannot
    /// be loaded, or a model is not the one expected.
    public init(
        options: FaceDetectorOptions = FaceDetectorOptions(), profile: Profile = .stillImage,
        modelPath: String = FaceModels.detector, meshPath: String = FaceModels.mesh
    ) throws(NeuralRuntimeError) {
        self.options = options
        self.profile = profile
        mesh = options.landmarks ? try FaceMesh(threads: options.threads, modelPath: meshPath) : nil
        let runtime = try NeuralRuntime.shared()
        session = try InferenceSession(modelPath: modelPath, threads: options.threads, runtime: runtime)
        let side = BlazeFaceDecoding.inputSide
        guard session.inputShape == [1, side, side, 3], session.outputShapes.count == 2 else {
            throw .unexpectedModelShape(
                path: modelPath, detail: "input \(session.inputShape), \(session.outputShapes.count) outputs; a full-range BlazeFace takes [1, 192, 192, 3] and gives 2")
        }
        let anchors = BlazeFaceDecoding.anchorCount
        guard let regressors = session.outputShapes.firstIndex(of: [1, anchors, BlazeFaceDecoding.valuesPerAnchor]),
            let scores = session.outputShapes.firstIndex(of: [1, anchors, 1])
        else {
            throw .unexpectedModelShape(path: modelPath, detail: "outputs \(session.outputShapes); a full-range BlazeFace gives [1, 2304, 16] and [1, 2304, 1]")
        }
        regressorOutput = regressors
        scoreOutput = scores
    }

    /// The faces in `frame` once turned upright by `orientation`, in the upright image's pixel
    /// space, best first.
    public func faces(in frame: Frame, orientation: ImageOrientation = .up) throws -> [FaceObservation] {
        let upright = orientation.uprightSize(of: ImageSize(width: frame.width, height: frame.height))
        let plan = scanPlan(for: upright)
        var candidates: [FaceCandidate] = []
        for (number, level) in plan.levels.enumerated() {
            let tiles = profile == .video && number < plan.levels.count - 1
                ? Self.videoTiles(of: level, frame: frameCount, following: previousFaces)
                : level.tiles
            guard !tiles.isEmpty else { continue }
            let image = try ColourImage(reducing: frame, orientation: orientation, scale: level.scale)
            for tile in tiles {
                candidates += try tileCandidates(image, tile: tile, level: level)
            }
        }
        frameCount += 1
        var faces = WeightedSuppression.merged(candidates)
            .filter { $0.score >= options.minimumConfidence }
            .compactMap { candidate -> FaceObservation? in
                guard var face = Self.clamped(candidate, to: upright)?.observation else { return nil }
                // Roll and yaw from the points as found: an ear past the edge still counts.
                let found = candidate.observation
                (face.rollDegrees, face.yawDegrees) = (found.rollDegrees, found.yawDegrees)
                return face
            }
        previousFaces = faces.map(\.pixelBounds)
        if let mesh, !faces.isEmpty {
            let sampler = try FrameColourSampler(frame: frame, orientation: orientation)
            for index in faces.indices {
                guard let points = try mesh.points(for: faces[index], in: sampler) else { continue }
                // Roll and yaw from the landmarks as found; the regions reported are cut to the image.
                let landmarks = FaceMesh.landmarks(from: points)
                faces[index].attach(landmarks)
                faces[index].landmarks = landmarks.clamped(to: upright)
            }
        }
        return faces
    }

    /// The tiles of a finer level a video frame looks at: every other tile by turns, and for
    /// each of `faces` (upright pixels) that none of those holds whole, the first tile that
    /// does (a few pixels inside its edges).
    static func videoTiles(of level: FaceScanPlan.Level, frame: Int, following faces: [PixelRect]) -> [(x: Int, y: Int)] {
        let side = Double(BlazeFaceDecoding.inputSide)
        let margin = 4.0
        func holds(_ tile: (x: Int, y: Int), _ face: PixelRect) -> Bool {
            let x = face.x * level.scale - Double(tile.x), y = face.y * level.scale - Double(tile.y)
            return x >= margin && y >= margin && x + face.width * level.scale <= side - margin
                && y + face.height * level.scale <= side - margin
        }
        var chosen = Set(level.tiles.indices.filter { $0 % 2 == frame % 2 })
        for face in faces where !chosen.contains(where: { holds(level.tiles[$0], face) }) {
            if let index = level.tiles.indices.first(where: { holds(level.tiles[$0], face) }) { chosen.insert(index) }
        }
        return chosen.sorted().map { level.tiles[$0] }
    }

    /// The candidate with its box cut to the image and its points moved inside it (a face at
    /// the edge reaches past it), or nil when nothing of the box is inside.
    static func clamped(_ candidate: FaceCandidate, to size: ImageSize) -> FaceCandidate? {
        let width = Double(size.width), height = Double(size.height)
        let box = candidate.box
        let left = max(0, box.x), top = max(0, box.y)
        let right = min(width, box.x + box.width), bottom = min(height, box.y + box.height)
        guard right > left, bottom > top else { return nil }
        let points = candidate.keypoints.map { PixelPoint(x: min(max($0.x, 0), width), y: min(max($0.y, 0), height)) }
        return FaceCandidate(
            box: PixelRect(x: left, y: top, width: right - left, height: bottom - top), keypoints: points, score: candidate.score)
    }

    private func scanPlan(for size: ImageSize) -> FaceScanPlan {
        if let plan, plan.size == size { return plan.plan }
        let made = FaceScanPlan(for: size, minimumFaceWidth: options.minimumFaceSize * Double(size.width))
        plan = (size, made)
        return made
    }

    /// The candidates of one tile, in upright pixels.
    private func tileCandidates(_ image: ColourImage, tile: (x: Int, y: Int), level: FaceScanPlan.Level) throws -> [FaceCandidate] {
        let side = BlazeFaceDecoding.inputSide
        fillTensor(from: image, at: tile)
        let outputs = try session.run(NeuralTensor(shape: [1, side, side, 3], values: tensor), outputs: [regressorOutput, scoreOutput])
        let found = BlazeFaceDecoding.candidates(
            regressors: outputs[0].values, scores: outputs[1].values, minimumScore: options.minimumConfidence)
        // Edges of the tile that lie inside the reduced image: a face touching one is cut.
        let margin = 1.0
        let innerLeft = tile.x > 0, innerTop = tile.y > 0
        let innerRight = tile.x + side < image.width, innerBottom = tile.y + side < image.height
        return found.compactMap { candidate in
            let box = candidate.box
            if innerLeft && box.x < margin || innerTop && box.y < margin { return nil }
            if innerRight && box.x + box.width > Double(side) - margin { return nil }
            if innerBottom && box.y + box.height > Double(side) - margin { return nil }
            func upright(_ point: PixelPoint) -> PixelPoint {
                PixelPoint(x: (point.x + Double(tile.x)) / level.scale, y: (point.y + Double(tile.y)) / level.scale)
            }
            let origin = upright(PixelPoint(x: box.x, y: box.y))
            return FaceCandidate(
                box: PixelRect(x: origin.x, y: origin.y, width: box.width / level.scale, height: box.height / level.scale),
                keypoints: candidate.keypoints.map(upright), score: candidate.score)
        }
    }

    /// The model's input for the tile at `tile`: RGB scaled to -1...1, black beyond the image.
    private func fillTensor(from image: ColourImage, at tile: (x: Int, y: Int)) {
        let side = BlazeFaceDecoding.inputSide
        tensor.withUnsafeMutableBufferPointer { target in
            target.update(repeating: -1)
            image.pixels.withUnsafeBufferPointer { source in
                let columns = max(0, min(side, image.width - tile.x))
                let rows = max(0, min(side, image.height - tile.y))
                for row in 0..<rows {
                    let from = ((tile.y + row) * image.width + tile.x) * 3
                    let to = row * side * 3
                    for index in 0..<(columns * 3) {
                        target[to + index] = Float(source[from + index]) / 127.5 - 1
                    }
                }
            }
        }
    }
}
