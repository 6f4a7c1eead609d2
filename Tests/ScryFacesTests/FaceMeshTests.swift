import ScryCore
import ScryNeural
import Testing

@testable import ScryFaces

@Suite struct FaceMeshTests {
    @Test func theGroupPhotosFacesGetTheirRegionsInPlace() throws {
        let detector = try FaceDetector(options: FaceDetectorOptions(landmarks: true))
        let faces = try detector.faces(in: try photoFrame("2008_002470.jpg"))
        #expect(faces.count == 6)
        for face in faces {
            let landmarks = try #require(face.landmarks)
            let box = face.pixelBounds
            let eyeDistance = face.keypoints.eyeDistance
            // Pupils near the detector's eye keypoints, the person's right one on the image's left.
            let right = try #require(landmarks.rightPupil.first), left = try #require(landmarks.leftPupil.first)
            #expect(right.distance(to: face.keypoints.rightEye) < 0.35 * eyeDistance)
            #expect(left.distance(to: face.keypoints.leftEye) < 0.35 * eyeDistance)
            #expect(right.x < left.x)
            // Eyebrows above the eyes, lips below the nose tip, the contour's lowest point below the lips.
            let meanY = { (points: [PixelPoint]) in points.reduce(0) { $0 + $1.y } / Double(points.count) }
            #expect(meanY(landmarks.rightEyebrow) < meanY(landmarks.rightEye))
            #expect(meanY(landmarks.leftEyebrow) < meanY(landmarks.leftEye))
            #expect(meanY(landmarks.outerLips) > landmarks.noseCrest.last!.y)
            #expect(landmarks.faceContour.map(\.y).max()! > landmarks.outerLips.map(\.y).max()!)
            #expect(landmarks.medianLine.first!.y < landmarks.medianLine.last!.y)
            // Every point lies near the face.
            let near = PixelRect(x: box.x - box.width, y: box.y - box.height, width: 3 * box.width, height: 3 * box.height)
            for (_, points) in landmarks.named { #expect(points.allSatisfy { near.contains($0) }) }
            #expect(landmarks.rightEye.count == 16 && landmarks.outerLips.count == 20 && landmarks.faceContour.count == 21)
            #expect(abs(face.rollDegrees) < 30 && abs(face.yawDegrees) < 60)
        }
    }

    @Test func aCropIsTurnedWithTheEyes() {
        let point = PixelPoint(x: 0, y: 0)
        var keypoints = FaceKeypoints(
            rightEye: PixelPoint(x: 100, y: 100), leftEye: PixelPoint(x: 140, y: 140), noseTip: point, mouthCenter: point,
            rightEarTragion: point, leftEarTragion: point)
        let face = FaceObservation(pixelBounds: PixelRect(x: 80, y: 60, width: 80, height: 100), confidence: 0.9, keypoints: keypoints)
        let crop = FaceMesh.crop(for: face)
        #expect(crop.centre == PixelPoint(x: 120, y: 110))
        #expect(crop.side == 150)
        #expect(abs(crop.angle - Double.pi / 4) < 1e-12)
        keypoints.leftEye = PixelPoint(x: 140, y: 100)
        #expect(FaceMesh.crop(for: FaceObservation(pixelBounds: face.pixelBounds, confidence: 0.9, keypoints: keypoints)).angle == 0)
    }

    @Test func theMeshModelMustBeAMesh() throws {
        #expect(throws: NeuralRuntimeError.self) { try FaceMesh(modelPath: "/nonexistent/face_landmark.tflite") }
        do {
            _ = try FaceMesh(modelPath: FaceModels.detector)
            Issue.record("the face detector was taken for a face mesh")
        } catch {
            guard case .unexpectedModelShape = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }

    @Test func theHullOfPointsIsTheirOutlineClockwise() {
        let points = [(0.0, 0.0), (4, 0), (4, 4), (0, 4), (2, 2), (1, 3), (4, 2)].map { PixelPoint(x: $0.0, y: $0.1) }
        let hull = ConvexHull.of(points)
        #expect(Set(hull) == Set([(0.0, 0.0), (4, 0), (4, 4), (0, 4)].map { PixelPoint(x: $0.0, y: $0.1) }))
        // Clockwise as the picture shows it (y down): the signed area (shoelace) is positive.
        let area = zip(hull, hull.dropFirst() + [hull[0]]).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
        #expect(area > 0)
    }
}
