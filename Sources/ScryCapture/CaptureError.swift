import ScryCore
import SystemPackage

/// Why a camera could not be opened, configured or read. Each case names the device, so its
/// description is a complete one-line message.
public enum CaptureError: Error, Equatable, CustomStringConvertible {
    /// No such device node.
    case notFound(String)
    /// The node exists but this user may not open it.
    case permissionDenied(String)
    /// Another process holds the camera (it is streaming, or owns its buffers).
    case busy(String)
    /// The file is not a V4L2 device at all (libv4l2's open fails with ENOTTY).
    case notAVideoDevice(String)
    /// The node is not a V4L2 video capture device (a radio, an output, a metadata node...).
    case notACaptureDevice(String, card: String)
    /// The camera cannot deliver the size scry needs in a format scry can read.
    case unsuitableFormat(String, CaptureFormatMismatch)
    /// The driver accepted the format request but changed it.
    case formatRefused(String, requested: String, got: String)
    /// The camera went away mid-stream: unplugged (ENODEV), or its stream failed for good.
    case disconnected(String, Errno)
    /// Any other failing call: the operation (an ioctl's name, `open`, `mmap`...) and errno.
    case system(String, operation: String, Errno)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such camera (see 'scry devices')"
        case .permissionDenied(let path):
            return "\(path): permission denied (is this user in the 'video' group?)"
        case .busy(let path):
            return "\(path): the camera is busy: another process is using it"
        case .notAVideoDevice(let path):
            return "\(path): not a V4L2 video device"
        case .notACaptureDevice(let path, let card):
            return "\(path): '\(card)' is not a video capture device"
        case .unsuitableFormat(let path, let mismatch):
            return "\(path): \(mismatch)"
        case .formatRefused(let path, let requested, let got):
            return "\(path): the driver was asked for \(requested) and set \(got) instead"
        case .disconnected(let path, let errno):
            return "\(path): the camera was disconnected (\(errno.description))"
        case .system(let path, let operation, let errno):
            return "\(path): \(operation) failed: \(errno.description)"
        }
    }
}
