import ScryCore
import ScryNotebook
import ScryBarcode
import ScryText
import Synchronization

/// `--orientation auto`: tesseract's orientation detection on the stored frames, followed by
/// `AutoOrientation`'s rules. One follower per thread, like the detector it holds.
final class OrientationFollower {
    private let detector: OrientationDetector
    private var state = AutoOrientation()

    init(dataPath: String?) throws {
        do { detector = try OrientationDetector(dataPath: dataPath) } catch {
            throw CommandFailure(
                message: "--orientation auto: \(error) (orientation detection needs tesseract-ocr-osd)",
                status: ExitStatus.unavailable)
        }
    }

    /// The orientation of a stream after `stored`, its next frame: the new orientation and
    /// the estimate that chose it when it changes (frames are estimated every few frames).
    func follow(_ stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate)? {
        guard state.isEstimateDue() else { return nil }
        let estimate = detector.estimate(in: stored)
        guard let changed = state.update(estimate), let estimate else { return nil }
        return (changed, estimate)
    }

    /// The orientation of one still image on its own: upright unless detection is confident.
    func orientation(of stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate?) {
        let estimate = detector.estimate(in: stored)
        return (estimate?.confidentOrientation ?? .up, estimate)
    }
}

/// The orientation both lanes of a stream use, set by the lane that follows it.
final class SharedOrientation: Sendable {
    private let value: Mutex<ImageOrientation>
    init(_ initial: ImageOrientation) { value = Mutex(initial) }
    var current: ImageOrientation {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
