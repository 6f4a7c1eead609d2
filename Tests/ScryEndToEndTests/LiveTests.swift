import Foundation
import ScryTestSupport
import Testing

/// `scry live` and `scry devices` without a camera: every failure is one line with its
/// status. Streaming from a real driver is proven against vivid by scripts/vivid-check.
struct LiveWithoutCameraTests {
    @Test func aMissingDeviceIsNoInput() throws {
        _ = try expectFailure(["live", "-d", "99", "--no-text"], status: 66, mentioning: "/dev/video99: no such camera")
    }

    @Test func aFileThatIsNoCameraIsNoInput() throws {
        _ = try expectFailure(["live", "--device", "/dev/null"], status: 66, mentioning: "not a V4L2 video device")
    }

    @Test func badStopConditionsAreUsageErrors() throws {
        _ = try expectFailure(["live", "--frames", "0"], status: 64, mentioning: "--frames")
        _ = try expectFailure(["live", "--duration", "-1"], status: 64, mentioning: "--duration")
    }

    @Test func badRatesAndFormatsAreUsageErrors() throws {
        _ = try expectFailure(["live", "--fps", "0"], status: 64, mentioning: "--fps")
        _ = try expectFailure(["live", "--fps", "29.97"], status: 64, mentioning: "--fps")
        _ = try expectFailure(["devices", "--fps", "1001"], status: 64, mentioning: "--fps")
        let unknown = try expectFailure(["live", "--format", "h264"], status: 64, mentioning: "--format")
        #expect(unknown.stderr.contains("yuyv") && unknown.stderr.contains("mjpeg"), "\(unknown.stderr)")
        _ = try expectFailure(["vocab", "read", "--device", "99", "--fps", "-3"], status: 64, mentioning: "--fps")
        // A good format reaches the camera: here, a device that is missing.
        _ = try expectFailure(["live", "-d", "99", "--format", "MJPG", "--no-text"], status: 66, mentioning: "no such camera")
    }

    @Test func devicesListsOnlyValidLines() throws {
        let result = try scry(["devices"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("capture device"))
        try expectValidLines(result)
        for line in try jsonLines(result) { #expect(line["type"] as? String == "device") }
    }
}
