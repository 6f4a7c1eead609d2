import ScryCore
import Synchronization

/// Objects to start or stop following while a stream runs (a box dragged on the live view, a
/// click on a followed object), handed from any thread to the object lane, which takes them
/// at its next frame.
public final class ObjectRequests: Sendable {
    /// What is waiting: boxes to follow, in the upright frame's pixels (top-left origin), and
    /// tracks to stop.
    struct Waiting {
        var boxes: [PixelRect] = []
        var stops: [Int] = []
    }

    private let waiting = Mutex(Waiting())

    public init() {}

    /// Follow what `box` holds in the frame as shown (upright pixels), from the next frame.
    public func follow(_ box: PixelRect) { waiting.withLock { $0.boxes.append(box) } }

    /// Stop following `track`: its object is reported lost, and the track ends.
    public func stop(track: Int) { waiting.withLock { $0.stops.append(track) } }

    /// Everything waiting, emptied.
    func take() -> Waiting {
        waiting.withLock { waiting in
            defer { waiting = Waiting() }
            return waiting
        }
    }
}
