internal import CMotion
import ScryCore

/// Why OpenCV could not align two images.
public struct RegistrationError: Error, CustomStringConvertible {
    /// OpenCV's message.
    public var message: String
    public var description: String { "OpenCV: \(message)" }
}

/// The one wrapper of `CMotion` (OpenCV's features2d, calib3d and video): two images aligned,
/// and a camera's motion followed. Nothing else imports the C module.
public enum ImageRegistration {
    /// OpenCV runs on the calling thread only: each lane has one.
    static let singleThreadedOpenCV: Void = scry_motion_single_threaded()

    /// How `moving` lies on `reference`: ORB features matched on copies reduced to 720 pixels
    /// and a RANSAC homography, refined on the images themselves (reduced to 2048 pixels at
    /// most) by Lucas-Kanade flow of the corners of `moving` warped onto `reference`.
    public static func align(_ moving: GrayImage, onto reference: GrayImage) throws(RegistrationError) -> Alignment {
        _ = singleThreadedOpenCV
        guard moving.width > 0, moving.height > 0, reference.width > 0, reference.height > 0 else { return .none }
        var result = scry_alignment()
        var message = [CChar](repeating: 0, count: 256)
        let status = reference.pixels.withUnsafeBufferPointer { referencePixels in
            moving.pixels.withUnsafeBufferPointer { movingPixels in
                var referenceImage = scry_gray(
                    pixels: referencePixels.baseAddress, width: Int32(reference.width), height: Int32(reference.height),
                    stride: Int32(reference.width))
                var movingImage = scry_gray(
                    pixels: movingPixels.baseAddress, width: Int32(moving.width), height: Int32(moving.height),
                    stride: Int32(moving.width))
                return scry_align_images(&referenceImage, &movingImage, &result, &message, message.count)
            }
        }
        guard status == 0 else { throw RegistrationError(message: text(message)) }
        return Alignment(result)
    }

    /// A camera's motion, frame to frame: each frame's homography onto the one before.
    public final class MotionFollower {
        private let follower: OpaquePointer

        public init() {
            _ = ImageRegistration.singleThreadedOpenCV
            guard let follower = scry_motion_follower_create() else { fatalError("MotionFollower: out of memory") }
            self.follower = follower
        }

        deinit { scry_motion_follower_destroy(follower) }

        /// Takes the next frame: how it lies on the frame before (a homography from this frame's
        /// pixels to the previous frame's, found by Lucas-Kanade flow of the previous frame's
        /// corners on copies reduced to 640 pixels, or matched afresh as two images when that
        /// flow is lost); nil for a first frame, or the first of a new size.
        public func next(_ frame: GrayImage) throws(RegistrationError) -> Alignment? {
            guard frame.width > 0, frame.height > 0 else { return nil }
            var result = scry_alignment()
            var message = [CChar](repeating: 0, count: 256)
            let status = frame.pixels.withUnsafeBufferPointer { pixels in
                var image = scry_gray(
                    pixels: pixels.baseAddress, width: Int32(frame.width), height: Int32(frame.height), stride: Int32(frame.width))
                return scry_motion_follower_next(follower, &image, &result, &message, message.count)
            }
            guard status >= 0 else { throw RegistrationError(message: text(message)) }
            return status == 1 ? Alignment(result) : nil
        }
    }
}

extension Alignment {
    fileprivate init(_ result: scry_alignment) {
        let elements = withUnsafeBytes(of: result.homography) { Array($0.bindMemory(to: Double.self)) }
        self.init(
            homography: result.aligned != 0 ? Homography(elements: elements) : nil,
            matchedPoints: Int(result.matched), agreeingPoints: result.aligned != 0 ? Int(result.inliers) : 0,
            medianError: result.aligned != 0 ? result.median_error : 0)
    }
}

/// A C string in a buffer, up to its first NUL.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Follows one object through a stream's frames (Vision's VNTrackObjectRequest), and finds it
/// again when it comes back into view: the second part of the wrapper of `CMotion` (see
/// `scry_object_tracker`).
public final class ObjectFollower {
    /// Vision's tracking levels: `accurate` follows more points and looks for a lost object in
    /// every frame; `fast` follows fewer and looks in every third frame.
    public enum Level: String, Sendable, CaseIterable {
        case fast, accurate
    }

    /// Where the object is in a frame and how sure the follower is (0...1: how much its look
    /// there correlates with its look when it was marked or last sure), and whether this is the
    /// frame it was found again in after being lost.
    public struct Sighting: Sendable, Equatable {
        public var box: PixelRect
        public var confidence: Double
        public var isFoundAgain: Bool
    }

    private let tracker: OpaquePointer

    /// Starts following what `box` (the frame's pixel space, top-left origin) holds in `frame`;
    /// nil when the box holds less than 8 pixels a side of the frame.
    public init?(frame: GrayImage, box: PixelRect, level: Level) throws(RegistrationError) {
        _ = ImageRegistration.singleThreadedOpenCV
        var message = [CChar](repeating: 0, count: 256)
        let created = frame.pixels.withUnsafeBufferPointer { pixels in
            var image = scry_gray(
                pixels: pixels.baseAddress, width: Int32(frame.width), height: Int32(frame.height), stride: Int32(frame.width))
            return scry_object_tracker_create(
                &image, scry_box(x: box.x, y: box.y, width: box.width, height: box.height), level == .accurate ? 1 : 0,
                &message, message.count)
        }
        guard let created else {
            if message[0] != 0 { throw RegistrationError(message: text(message)) }
            return nil
        }
        tracker = created
    }

    deinit { scry_object_tracker_destroy(tracker) }

    /// The object in the next frame; nil while it is not in view (hidden, gone, not found again).
    public func next(_ frame: GrayImage) throws(RegistrationError) -> Sighting? {
        var message = [CChar](repeating: 0, count: 256)
        var box = scry_box()
        var confidence = 0.0
        var found: Int32 = 0
        let status = frame.pixels.withUnsafeBufferPointer { pixels in
            var image = scry_gray(
                pixels: pixels.baseAddress, width: Int32(frame.width), height: Int32(frame.height), stride: Int32(frame.width))
            return scry_object_tracker_next(tracker, &image, &box, &confidence, &found, &message, message.count)
        }
        guard status >= 0 else { throw RegistrationError(message: text(message)) }
        guard status == 1 else { return nil }
        return Sighting(
            box: PixelRect(x: box.x, y: box.y, width: box.width, height: box.height), confidence: confidence,
            isFoundAgain: found != 0)
    }
}

extension ImageRegistration {
    /// `quads` (each four corners, the frames' pixel space) followed from `previous` to
    /// `current` (Vision's VNTrackRectangleRequest): each moved by the homography that the flow
    /// of the previous frame's corners inside it agrees on (on copies reduced to 400 pixels);
    /// nil for one too few points agreed on, or for frames of different sizes.
    public static func follow(_ quads: [[PixelPoint]], from previous: GrayImage, to current: GrayImage) throws(RegistrationError)
        -> [[PixelPoint]?]
    {
        _ = singleThreadedOpenCV
        guard !quads.isEmpty else { return [] }
        precondition(quads.allSatisfy { $0.count == 4 })
        var xs = quads.flatMap { $0.map(\.x) }, ys = quads.flatMap { $0.map(\.y) }
        var ok = [Int32](repeating: 0, count: quads.count)
        var message = [CChar](repeating: 0, count: 256)
        let status = previous.pixels.withUnsafeBufferPointer { before in
            current.pixels.withUnsafeBufferPointer { now in
                var beforeImage = scry_gray(
                    pixels: before.baseAddress, width: Int32(previous.width), height: Int32(previous.height), stride: Int32(previous.width))
                var nowImage = scry_gray(
                    pixels: now.baseAddress, width: Int32(current.width), height: Int32(current.height), stride: Int32(current.width))
                return scry_follow_quads(&beforeImage, &nowImage, &xs, &ys, Int32(quads.count), &ok, &message, message.count)
            }
        }
        guard status == 0 else { throw RegistrationError(message: text(message)) }
        return (0..<quads.count).map { index in
            ok[index] != 0 ? (0..<4).map { PixelPoint(x: xs[4 * index + $0], y: ys[4 * index + $0]) } : nil
        }
    }
}
