import Foundation
import Testing

@testable import ScryCapture

/// The device paths and open failures, against the real filesystem and kernel. The streaming
/// path runs against the kernel's vivid driver (scripts/vivid-check).
struct CaptureDevicesTests {
    @Test func deviceArgumentsNameNodes() {
        #expect(CaptureDevices.path(for: "0") == "/dev/video0")
        #expect(CaptureDevices.path(for: "12") == "/dev/video12")
        #expect(CaptureDevices.path(for: "/dev/v4l/by-id/usb-cam") == "/dev/v4l/by-id/usb-cam")
    }

    @Test func nodesAreListedInNumericOrder() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scry-nodes-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["video10", "video2", "video0", "videoX", "vbi0"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
        }
        #expect(
            CaptureDevices.nodePaths(directory: directory.path)
                == ["video0", "video2", "video10"].map { directory.path + "/" + $0 })
    }

    @Test func aMissingDeviceIsNotFound() {
        #expect(throws: CaptureError.notFound("/dev/video-scry-missing")) {
            try CameraStream(path: "/dev/video-scry-missing", size: .init(width: 1280, height: 720))
        }
    }

    @Test func aFileThatIsNotAVideoDeviceSaysSo() {
        #expect(throws: CaptureError.notAVideoDevice("/dev/null")) {
            try CameraStream(path: "/dev/null", size: .init(width: 1280, height: 720))
        }
    }

    @Test func errorsNameTheOperationAndErrno() {
        let message = CaptureError.system(
            "/dev/video0", operation: "VIDIOC_S_FMT", .invalidArgument
        ).description
        #expect(message == "/dev/video0: VIDIOC_S_FMT failed: Invalid argument")
        #expect(CaptureError.busy("/dev/video0").description.contains("busy"))
    }
}
