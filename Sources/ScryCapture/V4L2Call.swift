internal import CV4L2
import Glibc
import SystemPackage

/// The one way this module calls into the driver: a call that fails with EINTR (a signal
/// arrived) is retried; any other failure throws `CaptureError.system` naming the operation.
/// Returns the call's non-negative result.
@discardableResult
func retryingInterrupts(
    _ operation: String, path: String, _ call: () -> Int32
) throws(CaptureError) -> Int32 {
    while true {
        let result = call()
        if result >= 0 { return result }
        let error = Errno(rawValue: errno)
        if error == .interrupted { continue }
        throw classify(error, operation: operation, path: path)
    }
}

/// Calls `ioctl` through libv4l2 (which converts formats when it emulates one), with
/// `retryingInterrupts`. `name` is the request's name, for example "VIDIOC_S_FMT".
func ioctl<Argument>(
    _ fd: Int32, _ request: UInt, _ name: String, _ argument: inout Argument, path: String
) throws(CaptureError) {
    try retryingInterrupts(name, path: path) {
        withUnsafeMutablePointer(to: &argument) { scry_v4l2_ioctl(fd, request, $0) }
    }
}

/// Maps the errors with their own meaning for a camera to their own cases.
func classify(_ error: Errno, operation: String, path: String) -> CaptureError {
    switch error {
    case .noSuchFileOrDirectory: .notFound(path)
    case .permissionDenied, .notPermitted: .permissionDenied(path)
    case .resourceBusy: .busy(path)
    case .operationNotSupportedByDevice: .disconnected(path, error)
    default: .system(path, operation: operation, error)
    }
}
