import ArgumentParser
import ScryCore
import ScryGuidance

/// `--guidance`: hints for the person holding the camera.
struct GuidanceOptions: LaneOptions {
    @Flag(help: "Guide the person holding the camera, as VisionKit's data scanner does: hint lines (more_light, glare, hold_still, move_closer; in a stream at most one a second, each once until its situation changes), shown on the --view page too. move_closer needs the barcode lane. Off by default.")
    var guidance = false

    var asksForLane: Bool { guidance }

    /// Without the barcode lane's codes: no "move closer".
    func makeDetector(video: Bool, tracking: TrackingPolicy?) throws -> any Detector {
        makeDetector(areas: nil, stream: tracking != nil)
    }

    /// `areas`: where the barcode lane publishes its codes.
    func makeDetector(areas: BarcodeAreas?, stream: Bool) -> any Detector {
        GuidanceDetector(areas: areas, stream: stream)
    }
}
