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
    private static let singleThreaded: Void = scry_motion_single_threaded()

    /// How `moving` lies on `reference`: ORB features matched on copies reduced to 720 pixels
    /// and a RANSAC homography, refined on the images themselves (reduced to 2048 pixels at
    /// most) by Lucas-Kanade flow of the corners of `moving` warped onto `reference`.
    public static func align(_ moving: GrayImage, onto reference: GrayImage) throws(RegistrationError) -> Alignment {
        _ = singleThreaded
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
            _ = ImageRegistration.singleThreaded
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
