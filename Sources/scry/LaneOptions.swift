import ArgumentParser
import ScryCore

/// An option group that adds one lane to a run when asked for (`--rectangles`, `--faces`,
/// `--sharpness`): how a detector besides barcodes and text (which share the barcode areas)
/// is wired. `DetectionOptions.otherLanes` lists them in the order they see a frame.
protocol LaneOptions: ParsableArguments {
    /// Whether the options ask for the lane.
    var asksForLane: Bool { get }
    /// The lane's detector: with `video`, its profile for streamed runs; `tracking`, a
    /// stream's policy (nil for image files). Status 69 when a component it needs is missing.
    func makeDetector(video: Bool, tracking: TrackingPolicy?) throws -> any Detector
}
