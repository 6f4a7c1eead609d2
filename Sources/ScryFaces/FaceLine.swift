import ScryCore

/// A face found in a frame or an image: its box, confidence, keypoints, roll and yaw; in a
/// stream, its track and event.
public struct FaceLine: DetectionLine {
    public static let lineType = "face"

    public var face: FaceObservation
    public var place: DetectionPlace

    public init(_ face: FaceObservation, at place: DetectionPlace) {
        self.face = face
        self.place = place
    }

    public var detectionMembers: [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        object["bounds"] = NormalizedRect(face.pixelBounds, in: imageSize).json
        object["pixel_bounds"] = face.pixelBounds.json
        object["confidence"] = .rounded(face.confidence, decimals: 3)
        var normalized: [String: JSONValue] = [:]
        var pixels: [String: JSONValue] = [:]
        for (name, point) in face.keypoints.named {
            normalized[name] = NormalizedPoint(point, in: imageSize).json
            pixels[name] = point.json
        }
        object["keypoints"] = .object(normalized)
        object["pixel_keypoints"] = .object(pixels)
        if let landmarks = face.landmarks {
            var normalized: [String: JSONValue] = [:]
            var pixels: [String: JSONValue] = [:]
            for (name, points) in landmarks.named {
                normalized[name] = .array(points.map { NormalizedPoint($0, in: imageSize).json })
                pixels[name] = .array(points.map(\.json))
            }
            object["landmarks"] = .object(normalized)
            object["pixel_landmarks"] = .object(pixels)
        }
        object["roll_degrees"] = .rounded(face.rollDegrees, decimals: 1)
        object["yaw_degrees"] = .rounded(face.yawDegrees, decimals: 1)
        return object
    }

    public static var examples: [FaceLine] {
        let size = ImageSize(width: 1280, height: 720)
        let face = FaceObservation(
            pixelBounds: PixelRect(x: 600, y: 300, width: 96, height: 96), confidence: 0.94,
            keypoints: FaceKeypoints(
                rightEye: PixelPoint(x: 626, y: 330), leftEye: PixelPoint(x: 670, y: 331),
                noseTip: PixelPoint(x: 648, y: 352), mouthCenter: PixelPoint(x: 648, y: 372),
                rightEarTragion: PixelPoint(x: 604, y: 340), leftEarTragion: PixelPoint(x: 692, y: 341)))
        var withLandmarks = face
        let point = { (x: Double, y: Double) in PixelPoint(x: x, y: y) }
        withLandmarks.attach(
            FaceLandmarks(
                faceContour: [point(604, 340), point(648, 396), point(692, 341)], rightEye: [point(620, 330), point(632, 330)],
                leftEye: [point(664, 331), point(676, 331)], rightEyebrow: [point(616, 320), point(636, 318)],
                leftEyebrow: [point(660, 318), point(680, 320)], nose: [point(648, 330), point(656, 356), point(640, 356)],
                noseCrest: [point(648, 330), point(648, 352)], medianLine: [point(648, 300), point(648, 396)],
                outerLips: [point(636, 372), point(648, 368), point(660, 372), point(648, 378)],
                innerLips: [point(640, 372), point(656, 372)], rightPupil: [point(626, 330)], leftPupil: [point(670, 331)]))
        return [
            FaceLine(face, source: .file("people.jpg"), in: size),
            FaceLine(withLandmarks, source: .file("people.jpg"), in: size),
            FaceLine(face, source: .frame(sequence: 12), in: size, track: TrackEvent(track: 1, event: "confirmed")),
        ]
    }
}

extension FaceLine {
    /// `face x,y wxh`: its box in pixels from the image's top-left corner.
    public var plainText: String? {
        PlainText.isNews(track) ? "face " + PlainText.box(face.pixelBounds) : nil
    }
}
