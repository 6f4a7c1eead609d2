import ScryCore

/// `--orientation auto`: an orientation detector's estimates on the stored frames, followed by
/// `AutoOrientation`'s rules in a stream, or taken on their own for a still image. One follower
/// per thread, like the detector it holds.
public final class OrientationFollower: OrientationFollowing {
    /// How the page in a stored frame is turned; nil when it shows too little text to tell.
    public typealias Estimator = (GrayImage) -> OrientationEstimate?

    private let estimator: Estimator
    private var state = AutoOrientation()
    /// Whether the stream has been said to be undecided (once, before its first decision).
    private var toldUndecided = false

    public init(estimator: @escaping Estimator) {
        self.estimator = estimator
    }

    /// The new orientation and the estimate that chose it; or, once, before the first
    /// decision, the orientation kept (up) with an estimate that did not decide, so that the
    /// stream is said to be undecided rather than silently taken as upright.
    public func follow(_ stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate)? {
        guard state.isEstimateDue() else { return nil }
        let estimate = estimator(stored)
        if let changed = state.update(estimate), let estimate { return (changed, estimate) }
        if !state.isSettled, !toldUndecided, let estimate, !estimate.isDecided {
            toldUndecided = true
            return (state.current, estimate)
        }
        return nil
    }

    /// The orientation of one still image on its own: the estimate's when it decides, else
    /// upright (the estimate then says the page is undecided; nil when there was no text).
    public func orientation(of stored: GrayImage) -> (orientation: ImageOrientation, estimate: OrientationEstimate?) {
        let estimate = estimator(stored)
        return (estimate?.confidentOrientation ?? .up, estimate)
    }
}
