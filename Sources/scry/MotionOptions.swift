import ArgumentParser
import ScryCore
import ScryMotion

/// `--motion`: the camera's motion, frame to frame.
struct MotionOptions: LaneOptions {
    @Flag(help: "Follow the camera's motion: a motion line for every frame after the first, with the homography from this frame's pixels to the previous frame's (pixel_homography, nine numbers row by row), its translation (x right, y down) and how many followed points agree (OpenCV's Lucas-Kanade flow and RANSAC). Image files are each aligned onto the one before. Off by default.")
    var motion = false

    var asksForLane: Bool { motion }

    func makeDetector(video: Bool, tracking: TrackingPolicy?) throws -> any Detector {
        MotionDetector()
    }
}
