import ArgumentParser
import ScryCore
import ScrySharpness

/// `--sharpness` and its threshold.
struct SharpnessOptions: LaneOptions {
    @Flag(help: "Measure how sharp each frame or image is: sharpness lines with a score (the variance of the upright image's Laplacian; print in focus scores in the hundreds or more) and sharp true or false; in a stream, at the first frame and whenever the verdict changes (every frame with --every-frame). Off by default.")
    var sharpness = false

    @Option(help: ArgumentHelp("With --sharpness: the least score called sharp.", valueName: "score"))
    var minSharpness = SharpnessDetector.defaultMinimumScore

    func validate() throws {
        if !(minSharpness.isFinite && minSharpness >= 0) {
            throw ValidationError("--min-sharpness must be a score of 0 or more")
        }
    }

    var asksForLane: Bool { sharpness }

    func makeDetector(video: Bool, tracking: TrackingPolicy?) throws -> any Detector {
        SharpnessDetector(minimumScore: minSharpness, tracking: tracking)
    }
}
