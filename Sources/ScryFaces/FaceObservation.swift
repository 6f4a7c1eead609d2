import Glibc
import ScryCore

/// A face found in an upright image.
public struct FaceObservation: Sendable, Equatable {
    /// The box around the face, in pixel space of the upright image (origin top-left).
    public var pixelBounds: PixelRect
    /// The detector's confidence, 0...1.
    public var confidence: Double
    /// The six points a face detector places, in the same pixel space.
    public var keypoints: FaceKeypoints
    /// The face's rotation in the image plane, in degrees, positive counter-clockwise as the
    /// picture shows it (ML Kit's Euler Z), from the line between the eyes.
    public var rollDegrees: Double
    /// How far the face turns sideways, in degrees, positive when it turns toward the image's
    /// right (ML Kit's Euler Y, roughly), from where the nose tip lies between the ears.
    public var yawDegrees: Double
    /// The face's regions, when the landmarks were asked for (`--face-landmarks`).
    public var landmarks: FaceLandmarks?

    public init(pixelBounds: PixelRect, confidence: Double, keypoints: FaceKeypoints) {
        self.pixelBounds = pixelBounds
        self.confidence = confidence
        self.keypoints = keypoints
        rollDegrees = keypoints.rollDegrees
        yawDegrees = keypoints.yawDegrees
    }

    /// Adds `landmarks`, and takes roll and yaw from them: roll from the pupils, yaw from
    /// where the nose tip lies between the ends of the face contour.
    public mutating func attach(_ landmarks: FaceLandmarks) {
        self.landmarks = landmarks
        if let right = landmarks.rightPupil.first, let left = landmarks.leftPupil.first {
            rollDegrees = atan2(-(left.y - right.y), left.x - right.x) * 180 / .pi
        }
        if let start = landmarks.faceContour.first, let end = landmarks.faceContour.last, let tip = landmarks.noseCrest.last {
            yawDegrees = FaceKeypoints.turn(of: tip, between: start, and: end)
        }
    }
}

/// A face's regions as point lists in the upright image's pixel space, named as Vision's
/// `VNFaceLandmarks2D` names them (sides are the person's own: a face looking at the camera
/// has its right eye on the image's left). From MediaPipe's 468-point face mesh.
public struct FaceLandmarks: Sendable, Equatable {
    /// The jaw line from the right ear to the left ear, under the chin.
    public var faceContour: [PixelPoint]
    /// Each eye's outline, from its outer corner over the upper lid.
    public var rightEye: [PixelPoint]
    public var leftEye: [PixelPoint]
    /// Each eyebrow's outline, its upper edge from the outer end, then its lower edge back.
    public var rightEyebrow: [PixelPoint]
    public var leftEyebrow: [PixelPoint]
    /// The outline of the nose (bridge, tip, wings and base).
    public var nose: [PixelPoint]
    /// The nose's ridge, from between the eyes to the tip.
    public var noseCrest: [PixelPoint]
    /// The face's middle, from the forehead over the nose and lips to the chin.
    public var medianLine: [PixelPoint]
    /// The lips' outer and inner outlines, from the right corner over the upper lip.
    public var outerLips: [PixelPoint]
    public var innerLips: [PixelPoint]
    /// Each pupil as one point (the middle of the eye's outline).
    public var rightPupil: [PixelPoint]
    public var leftPupil: [PixelPoint]

    public init(
        faceContour: [PixelPoint], rightEye: [PixelPoint], leftEye: [PixelPoint], rightEyebrow: [PixelPoint],
        leftEyebrow: [PixelPoint], nose: [PixelPoint], noseCrest: [PixelPoint], medianLine: [PixelPoint],
        outerLips: [PixelPoint], innerLips: [PixelPoint], rightPupil: [PixelPoint], leftPupil: [PixelPoint]
    ) {
        self.faceContour = faceContour
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.rightEyebrow = rightEyebrow
        self.leftEyebrow = leftEyebrow
        self.nose = nose
        self.noseCrest = noseCrest
        self.medianLine = medianLine
        self.outerLips = outerLips
        self.innerLips = innerLips
        self.rightPupil = rightPupil
        self.leftPupil = leftPupil
    }

    /// The regions with every point moved inside an image of `size` (a face at the edge
    /// reaches past it).
    public func clamped(to size: ImageSize) -> FaceLandmarks {
        func inside(_ points: [PixelPoint]) -> [PixelPoint] {
            points.map { PixelPoint(x: min(max($0.x, 0), Double(size.width)), y: min(max($0.y, 0), Double(size.height))) }
        }
        return FaceLandmarks(
            faceContour: inside(faceContour), rightEye: inside(rightEye), leftEye: inside(leftEye),
            rightEyebrow: inside(rightEyebrow), leftEyebrow: inside(leftEyebrow), nose: inside(nose),
            noseCrest: inside(noseCrest), medianLine: inside(medianLine), outerLips: inside(outerLips),
            innerLips: inside(innerLips), rightPupil: inside(rightPupil), leftPupil: inside(leftPupil))
    }

    /// The regions with their names in output lines (Vision's, in snake case).
    public var named: [(name: String, points: [PixelPoint])] {
        [
            ("face_contour", faceContour), ("right_eye", rightEye), ("left_eye", leftEye), ("right_eyebrow", rightEyebrow),
            ("left_eyebrow", leftEyebrow), ("nose", nose), ("nose_crest", noseCrest), ("median_line", medianLine),
            ("outer_lips", outerLips), ("inner_lips", innerLips), ("right_pupil", rightPupil), ("left_pupil", leftPupil),
        ]
    }
}

/// The six face points of MediaPipe's BlazeFace, named for the person's own sides: a face
/// looking at the camera has its right eye on the image's left.
public struct FaceKeypoints: Sendable, Equatable {
    public var rightEye: PixelPoint
    public var leftEye: PixelPoint
    public var noseTip: PixelPoint
    public var mouthCenter: PixelPoint
    public var rightEarTragion: PixelPoint
    public var leftEarTragion: PixelPoint

    public init(
        rightEye: PixelPoint, leftEye: PixelPoint, noseTip: PixelPoint, mouthCenter: PixelPoint,
        rightEarTragion: PixelPoint, leftEarTragion: PixelPoint
    ) {
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.noseTip = noseTip
        self.mouthCenter = mouthCenter
        self.rightEarTragion = rightEarTragion
        self.leftEarTragion = leftEarTragion
    }

    /// The points with their names in output lines, in the detector's order.
    public var named: [(name: String, point: PixelPoint)] {
        [
            ("right_eye", rightEye), ("left_eye", leftEye), ("nose_tip", noseTip), ("mouth_center", mouthCenter),
            ("right_ear_tragion", rightEarTragion), ("left_ear_tragion", leftEarTragion),
        ]
    }

    /// The distance between the eyes' centres, in pixels.
    public var eyeDistance: Double { rightEye.distance(to: leftEye) }

    /// The angle of the line from the right eye to the left eye against the image's x axis,
    /// counter-clockwise positive (image rows run down, so "up" is negative y).
    public var rollDegrees: Double {
        atan2(-(leftEye.y - rightEye.y), leftEye.x - rightEye.x) * 180 / .pi
    }

    /// The nose tip's offset from the middle of the ears along the ears' line, as a fraction of
    /// half their distance, read as the sine of the turn.
    public var yawDegrees: Double { Self.turn(of: noseTip, between: rightEarTragion, and: leftEarTragion) }

    /// The turn, in degrees, that puts `tip` (the nose) where it lies between `right` and `left`
    /// (the person's sides of the head): its offset from their middle along their line, over
    /// half their distance, read as a sine; positive when it lies nearer `left`.
    public static func turn(of tip: PixelPoint, between right: PixelPoint, and left: PixelPoint) -> Double {
        let dx = left.x - right.x
        let dy = left.y - right.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return 0 }
        let middle = PixelPoint(x: (left.x + right.x) / 2, y: (left.y + right.y) / 2)
        let along = ((tip.x - middle.x) * dx + (tip.y - middle.y) * dy) / length
        let sine = max(-1, min(1, along / (length / 2)))
        return asin(sine) * 180 / .pi
    }
}
