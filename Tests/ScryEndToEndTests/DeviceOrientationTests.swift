import ScryCore
import Testing

@testable import scry

/// ML Kit's table: how the device is held and which camera map to the image orientation.
@Test func mlKitTableForBackAndFrontCameras() {
    let expected: [(DeviceOrientation, CameraPosition, ImageOrientation)] = [
        (.portrait, .back, .right), (.portrait, .front, .leftMirrored),
        (.landscapeLeft, .back, .up), (.landscapeLeft, .front, .downMirrored),
        (.portraitUpsideDown, .back, .left), (.portraitUpsideDown, .front, .rightMirrored),
        (.landscapeRight, .back, .down), (.landscapeRight, .front, .upMirrored),
    ]
    for (device, camera, orientation) in expected {
        #expect(ImageOrientation(device: device, camera: camera) == orientation)
    }
}
