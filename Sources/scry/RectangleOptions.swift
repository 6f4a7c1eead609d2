import ArgumentParser
import ScryCore
import ScryDocuments

/// `--rectangles` and its options, named and defaulted as Vision's `VNDetectRectanglesRequest`.
struct RectangleOptions: LaneOptions {
    @Flag(help: "Look for rectangles (pages, cards, screens): rectangle lines with four corners (top-left first, clockwise) and a confidence, found with OpenCV's imgproc. Off by default.")
    var rectangles = false

    @Option(help: ArgumentHelp("With --rectangles: the least short side over long side (Vision's minimumAspectRatio).", valueName: "ratio"))
    var minAspectRatio = RectangleDetectorOptions().minimumAspectRatio

    @Option(help: ArgumentHelp("With --rectangles: the most short side over long side (maximumAspectRatio).", valueName: "ratio"))
    var maxAspectRatio = RectangleDetectorOptions().maximumAspectRatio

    @Option(help: ArgumentHelp("With --rectangles: how many degrees a corner may differ from 90 (quadratureTolerance).", valueName: "degrees"))
    var quadratureTolerance = RectangleDetectorOptions().quadratureTolerance

    @Option(help: ArgumentHelp("With --rectangles: the least short side, as a fraction of the image's smaller side (minimumSize).", valueName: "fraction"))
    var minSize = RectangleDetectorOptions().minimumSize

    @Option(help: ArgumentHelp("With --rectangles: the least confidence, the share of the outline on image edges (minimumConfidence).", valueName: "fraction"))
    var minConfidence = RectangleDetectorOptions().minimumConfidence

    @Option(help: ArgumentHelp("With --rectangles: the most rectangles per image, best first; 0 for all (maximumObservations).", valueName: "count"))
    var maxRectangles = RectangleDetectorOptions().maximumObservations

    @Flag(help: "With --rectangles in live and replay: follow each rectangle corner by corner between detections (Vision's VNTrackRectangleRequest): the rectangle lane detects at every third frame and follows the rectangles in between, and keeps one whose edge is covered (a hand holding a page) for as long as it can be followed.")
    var trackRectangle = false

    /// The detector options, as given.
    var detectorOptions: RectangleDetectorOptions {
        var options = RectangleDetectorOptions()
        options.minimumAspectRatio = minAspectRatio
        options.maximumAspectRatio = maxAspectRatio
        options.quadratureTolerance = quadratureTolerance
        options.minimumSize = minSize
        options.minimumConfidence = minConfidence
        options.maximumObservations = maxRectangles
        return options
    }

    func validate() throws {
        if let problem = detectorOptions.problem { throw ValidationError(problem) }
        if trackRectangle && !rectangles { throw ValidationError("--track-rectangle follows the rectangles --rectangles finds: add --rectangles") }
    }

    var asksForLane: Bool { rectangles }

    func makeDetector(video: Bool, tracking: TrackingPolicy?) throws -> any Detector {
        // Image files are not a stream: each is looked at on its own.
        RectangleLaneDetector(RectangleDetector(options: detectorOptions), tracking: tracking, following: trackRectangle && tracking != nil)
    }
}
