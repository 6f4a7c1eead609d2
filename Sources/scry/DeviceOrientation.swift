import ScryCore

/// How the camera is held or mounted, with UIKit's names. A USB webcam has no orientation
/// sensor, so the user states it.
public enum DeviceOrientation: String, CaseIterable, Sendable {
    case portrait
    case portraitUpsideDown = "portrait-upside-down"
    case landscapeLeft = "landscape-left"
    case landscapeRight = "landscape-right"
}

/// Which way the camera faces: `front` cameras see the user and mirror.
public enum CameraPosition: String, CaseIterable, Sendable {
    case back
    case front
}

extension ImageOrientation {
    /// ML Kit's table from device orientation and camera position to image orientation
    /// (its iOS guide's `imageOrientation(deviceOrientation:cameraPosition:)`).
    public init(device: DeviceOrientation, camera: CameraPosition) {
        switch (device, camera) {
        case (.portrait, .back): self = .right
        case (.portrait, .front): self = .leftMirrored
        case (.landscapeLeft, .back): self = .up
        case (.landscapeLeft, .front): self = .downMirrored
        case (.portraitUpsideDown, .back): self = .left
        case (.portraitUpsideDown, .front): self = .rightMirrored
        case (.landscapeRight, .back): self = .down
        case (.landscapeRight, .front): self = .upMirrored
        }
    }
}
