import ScryCore
import Synchronization

/// How a run's frames are stored: always the same way, or followed from their content
/// (`--orientation auto`) starting upright.
public enum StreamOrientation {
    case fixed(ImageOrientation)
    /// Followed by the follower: in a threaded run on the last lane's thread (the wiring puts
    /// the slowest lane last, so the fast lanes never wait for an estimate), in a lockstep run
    /// before the detectors.
    case followed(any OrientationFollowing)
}

/// The orientation every lane of a run turns its frames by, set by the one that follows it.
final class SharedOrientation: Sendable {
    private let value: Mutex<ImageOrientation>
    init(_ initial: ImageOrientation) { value = Mutex(initial) }
    var current: ImageOrientation {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
