import Foundation
import ScryCore
import ScryImageIO
import ScryNeural
import ScryTestSupport
import SystemPackage
import Testing

@testable import ScryFaces

/// A photo of dlib's examples/faces as scry reads an image file with colour: an RGB3 frame.
func photoFrame(_ name: String) throws -> Frame {
    let path = FilePath(RepositoryPaths.facePhotos.appendingPathComponent(name).path)
    let image = try ImageFile.decode(try ImageFile.readBytes(path: path, requiringImage: true), keepingColour: true)
    let colour = try #require(image.colour)
    return Frame(
        sequence: 0, timestampNanoseconds: 0, pixelFormat: .rgb24, width: colour.width, height: colour.height,
        bytesPerLine: colour.width * 3, payload: colour.pixels)
}

/// The face boxes dlib's authors labelled in `name` (training.xml and testing.xml).
func labelledFaces(_ name: String) throws -> [PixelRect] {
    var boxes: [PixelRect] = []
    for file in ["training.xml", "testing.xml"] {
        let text = try String(contentsOf: RepositoryPaths.facePhotos.appendingPathComponent(file), encoding: .isoLatin1)
        guard let image = text.range(of: "<image file='\(name)'") else { continue }
        let rest = text[image.upperBound...]
        let body = String(rest[..<rest.range(of: "</image>")!.lowerBound])
        let pattern = try NSRegularExpression(pattern: "<box top='(-?\\d+)' left='(-?\\d+)' width='(\\d+)' height='(\\d+)'")
        for match in pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
            let value = { (index: Int) in Double(body[Range(match.range(at: index), in: body)!])! }
            boxes.append(PixelRect(x: value(2), y: value(1), width: value(3), height: value(4)))
        }
    }
    return boxes
}

/// How many of `truth` one of `found` covers with an intersection over union of at least 0.5.
func covered(_ truth: [PixelRect], by found: [PixelRect]) -> Int {
    truth.filter { box in found.contains { $0.intersectionOverUnion(box) >= 0.5 } }.count
}

@Suite struct FaceDetectorTests {
    @Test func theSixLabelledFacesOfAGroupPhotoAreFoundWithTheirEyesInPlace() throws {
        let detector = try FaceDetector()
        let faces = try detector.faces(in: try photoFrame("2008_002470.jpg"))
        let truth = try labelledFaces("2008_002470.jpg")
        #expect(truth.count == 6)
        #expect(covered(truth, by: faces.map(\.pixelBounds)) == 6)
        #expect(faces.count == 6)
        for face in faces {
            let box = face.pixelBounds
            let points = face.keypoints
            // The eyes lie in the upper half of the box, the right eye (the person's) on the
            // image's left, the mouth below the nose.
            #expect(points.rightEye.x < points.leftEye.x)
            #expect(points.rightEye.y < box.y + box.height / 2 && points.leftEye.y < box.y + box.height / 2)
            #expect(points.mouthCenter.y > points.noseTip.y)
            #expect(box.contains(points.noseTip))
            #expect(abs(face.rollDegrees) < 30)
            #expect(face.confidence >= 0.5 && face.confidence <= 1)
        }
    }

    @Test func aPhotoOfDogsHasNoFace() throws {
        let detector = try FaceDetector()
        #expect(try detector.faces(in: try photoFrame("dogs.jpg")).isEmpty)
    }

    @Test func aPhotoStoredTurnedIsReadUpright() throws {
        let detector = try FaceDetector()
        let upright = try photoFrame("2008_002470.jpg")
        let faces = try detector.faces(in: upright).map(\.pixelBounds)
        // Stored turned a quarter: the camera was held so that the upright picture's top is
        // the stored image's left (EXIF "left", orientation 8, turns it back).
        let turnedColour = try turnedQuarter(upright)
        let turnedFaces = try detector.faces(in: turnedColour, orientation: .left).map(\.pixelBounds)
        #expect(turnedFaces.count == faces.count)
        #expect(covered(faces, by: turnedFaces) == faces.count)
    }

    @Test func aYUYVFrameKeepsTheColourAndFindsTheSameFaces() throws {
        let detector = try FaceDetector()
        let rgb = try photoFrame("2008_002470.jpg")
        let colour = ColourImage(width: rgb.width, height: rgb.height, pixels: rgb.payload)
        let gray = try GrayImage(frame: rgb)
        let yuyv = try Frame(image: gray, colour: colour, pixelFormat: .yuyv, sequence: 0, timestampNanoseconds: 0)
        let truth = try labelledFaces("2008_002470.jpg")
        #expect(covered(truth, by: try detector.faces(in: yuyv).map(\.pixelBounds)) == 6)
    }

    @Test func theVideoProfileKeepsSeeingAFaceItFoundInEveryFrame() throws {
        let detector = try FaceDetector(profile: .video)
        // The photo in a 1280x720 frame, where the fine tiles are taken in turns.
        let photo = try photoFrame("2008_002470.jpg")
        var canvas = [UInt8](repeating: 128, count: 1280 * 720 * 3)
        for y in 0..<photo.height {
            for x in 0..<(photo.width * 3) { canvas[((y + 200) * 1280 + 300) * 3 + x] = photo.payload[y * photo.width * 3 + x] }
        }
        let truth = try labelledFaces("2008_002470.jpg").map {
            PixelRect(x: $0.x + 300, y: $0.y + 200, width: $0.width, height: $0.height)
        }
        var counts: [Int] = []
        for sequence in 0..<4 {
            let frame = Frame(
                sequence: UInt64(sequence), timestampNanoseconds: 0, pixelFormat: .rgb24, width: 1280, height: 720,
                bytesPerLine: 1280 * 3, payload: canvas)
            counts.append(covered(truth, by: try detector.faces(in: frame).map(\.pixelBounds)))
        }
        // Two frames see every tile; from then on every face stays found.
        #expect(counts[2] == 6 && counts[3] == 6)
        #expect(counts[0] + counts[1] >= 6)
    }

    @Test func aMissingModelOrAModelOfAnotherShapeIsAnError() throws {
        #expect(throws: NeuralRuntimeError.self) { try FaceDetector(modelPath: "/nonexistent/face.tflite") }
        do {
            _ = try FaceDetector(modelPath: NeuralPaths.model("PP-OCRv6_det_small.onnx"))
            Issue.record("a text detector was taken for a face detector")
        } catch {
            guard case .unexpectedModelShape = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }

    @Test func facesAtTheEdgeAreCutToTheImage() throws {
        let candidate = FaceCandidate(
            box: PixelRect(x: -10, y: 5, width: 40, height: 40),
            keypoints: Array(repeating: PixelPoint(x: -3, y: 20), count: 6), score: 0.8)
        let clamped = try #require(FaceDetector.clamped(candidate, to: ImageSize(width: 100, height: 30)))
        #expect(clamped.box == PixelRect(x: 0, y: 5, width: 30, height: 25))
        #expect(clamped.keypoints.allSatisfy { $0 == PixelPoint(x: 0, y: 20) })
        let outside = FaceCandidate(box: PixelRect(x: 120, y: 5, width: 10, height: 10), keypoints: candidate.keypoints, score: 0.8)
        #expect(FaceDetector.clamped(outside, to: ImageSize(width: 100, height: 30)) == nil)
    }
}

/// `frame` (RGB3) stored as a camera turned a quarter would store it, so that orientation
/// `.left` turns it back: upright pixel (u, v) is stored at (v, w - 1 - u).
func turnedQuarter(_ frame: Frame) throws -> Frame {
    let width = frame.width, height = frame.height
    let storedWidth = height, storedHeight = width
    var stored = [UInt8](repeating: 0, count: frame.payload.count)
    let storedSize = ImageSize(width: storedWidth, height: storedHeight)
    for v in 0..<height {
        for u in 0..<width {
            let (x, y) = ImageOrientation.left.storedPixel(forUpright: u, v, storedSize: storedSize)
            for channel in 0..<3 { stored[(y * storedWidth + x) * 3 + channel] = frame.payload[(v * width + u) * 3 + channel] }
        }
    }
    return Frame(
        sequence: 0, timestampNanoseconds: 0, pixelFormat: .rgb24, width: storedWidth, height: storedHeight,
        bytesPerLine: storedWidth * 3, payload: stored)
}
