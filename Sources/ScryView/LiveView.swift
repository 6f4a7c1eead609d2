import Glibc
import ScryCore
import ScryJPEG
import ScryPipeline
import Synchronization

/// `--view`: the run shown live in a browser. A `RunObserver` of a threaded run: it takes
/// every frame the capture loop hands the lanes, keeps at most `maximumFramesPerSecond` of
/// them, and encodes those upright as JPEG on a thread of its own (a `Worker`, latest-only,
/// at a lower priority than the lanes), so the capture loop and the lanes never wait for it;
/// each lane's detections on each frame it reads, and every line it writes, go to the
/// browsers over a WebSocket (`ViewServer`, `ViewAudience`). Several browsers may watch; one
/// that falls behind is dropped.
public final class LiveView: RunObserver {
    /// At most this many frames a second are encoded for browsers (a third of a 30 fps
    /// camera's): each costs the machine's cores a JPEG made here, and one received, decoded
    /// and drawn in each browser, beside the lanes (docs/view-benchmark.md).
    public static let maximumFramesPerSecond = 10.0
    /// The JPEG quality of the frames sent.
    static let jpegQuality = 75
    /// The frames sent are reduced to this fraction of their size (a 1280x720 frame is sent as
    /// 640x360, each pixel the mean of 2x2): a quarter of the pixels to convert, encode, decode
    /// and draw, on a machine whose cores belong to the lanes.
    public static let pictureScale = 0.5

    /// Where the view was asked to listen.
    private let requested: ViewAddress
    /// The port bound and the server, once started.
    private let started = Mutex<(port: Int, server: ViewServer)?>(nil)

    /// Where the view listens: once started, with the port bound (the one the system chose
    /// when 0 was asked).
    public var address: ViewAddress {
        var address = requested
        if let port = started.withLock({ $0?.port }) { address.port = port }
        return address
    }
    /// The token every request must carry, when the address is not loopback.
    public let token: ViewToken?
    private let lanes: [LaneKind]
    private let shelf = FrameShelf()
    private let audience: ViewAudience
    private let encoder = Worker<EncodeJob>(name: "scry-view", delivery: .latestOnly)
    private let state = Mutex(State())
    private let following = Mutex<Following?>(nil)
    private let log: @Sendable (String) -> Void

    private struct EncodeJob: Sendable {
        var frame: Frame
        var orientation: ImageOrientation
        var captured: ContinuousClock.Instant
    }

    private struct State {
        var lastTaken: ContinuousClock.Instant?
        var monitor: LaneMonitor?
        var shownDelay = LatencyStatistics()
        var encoded = 0
        /// The lanes whose last marks message was empty (an empty one is sent once).
        var quietLanes: Set<String> = []
        var ticker: Task<Void, Never>?
    }

    /// What a browser's box or click asks of the run: follow an object, or stop.
    public struct Following: Sendable {
        public var follow: @Sendable (PixelRect) -> Void
        public var unfollow: @Sendable (Int) -> Void

        public init(follow: @escaping @Sendable (PixelRect) -> Void, unfollow: @escaping @Sendable (Int) -> Void) {
            self.follow = follow
            self.unfollow = unfollow
        }
    }

    /// A view of a run with `lanes`, listening on `address` once started; `log` takes the
    /// view's stderr lines (a browser dropped, a request refused). Beyond loopback, a random
    /// token is made.
    public init(address: ViewAddress, lanes: [LaneKind], log: @escaping @Sendable (String) -> Void) {
        requested = address
        self.lanes = lanes
        self.log = log
        token = address.isLoopback ? nil : ViewToken.random()
        audience = ViewAudience(onDrop: { log("view: \($0)") })
    }

    /// Lets a box drawn on the page start following an object (and a click stop it).
    public func allowFollowing(_ handlers: Following) { following.withLock { $0 = handlers } }

    /// Starts listening (throws when it cannot) and the encoder's thread.
    public func start() throws(ViewError) {
        let lanes = self.lanes
        let server = ViewServer(
            address: requested, token: token, shelf: shelf, audience: audience,
            greeting: { [weak self] in [ViewMessage.hello(lanes: lanes, following: self?.following.withLock { $0 != nil } ?? false)] },
            onMessage: { [weak self] message in self?.handle(message) },
            log: { [log] in log("view: \($0)") })
        let port = try server.start()
        started.withLock { $0 = (port, server) }
        encoder.start(niceness: 5) { [self] jobs in
            let codec = try JPEGCodec()
            while let job = jobs.next() {
                guard let frame = try? Self.encode(job, with: codec) else { continue }
                shelf.put(frame)
                state.withLock { $0.encoded += 1 }
            }
        }
        let ticker = Task { [self] in
            var before: [LaneOutcome] = []
            var then = ContinuousClock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard let monitor = state.withLock({ $0.monitor }) else { continue }
                let now = monitor.current()
                let instant = ContinuousClock.now
                let seconds = Double((instant - then).nanoseconds) / 1e9
                audience.broadcast(ViewMessage.lanes(now, before: before, seconds: seconds))
                before = now
                then = instant
            }
        }
        state.withLock { $0.ticker = ticker }
    }

    /// The page's address: `http://127.0.0.1:8077/`, with `?token=` when one is needed.
    public var url: String {
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        return "http://\(host):\(address.port)/" + (token.map { "?token=\($0.value)" } ?? "")
    }

    /// Waits until a browser has opened the page's event stream, `timeout` has gone by, or
    /// `stop` says so (checked every 50 ms); returns whether a browser came.
    public func waitForBrowser(timeout: Duration, stop: () -> Bool) -> Bool {
        let start = ContinuousClock.now
        while audience.joined == 0 {
            if stop() || ContinuousClock.now - start >= timeout { return false }
            usleep(50_000)
        }
        return true
    }

    /// The run's lanes, read each second for their rates.
    public func watch(_ monitor: LaneMonitor) { state.withLock { $0.monitor = monitor } }

    public func saw(_ frame: Frame, orientation: ImageOrientation, captured: ContinuousClock.Instant) {
        let take = state.withLock { state -> Bool in
            let now = ContinuousClock.now
            // A tenth of the interval's slack: a 30 fps camera's every third frame, though the
            // frames come a little early or late.
            if let last = state.lastTaken, (now - last).nanoseconds < UInt64(0.9e9 / Self.maximumFramesPerSecond) { return false }
            state.lastTaken = now
            return true
        }
        guard take, audience.watching > 0 else { return }
        encoder.post(EncodeJob(frame: frame, orientation: orientation, captured: captured))
    }

    public func lane(_ kind: LaneKind, read frame: UInt64, uprightSize: ImageSize, annotations: [Annotation]) {
        let send = state.withLock { state -> Bool in
            if annotations.isEmpty { return state.quietLanes.insert(kind.name).inserted }
            state.quietLanes.remove(kind.name)
            return true
        }
        guard send, audience.watching > 0 else { return }
        audience.broadcast(ViewMessage.marks(lane: kind, frame: frame, size: uprightSize, annotations: annotations))
    }

    public func wrote(_ line: any OutputLine) {
        audience.broadcast(ViewMessage.line(line), keep: true)
    }

    private func handle(_ message: BrowserMessage) {
        switch message {
        case .shown(let sequence):
            guard let captured = shelf.captureInstant(of: sequence) else { return }
            let delay = (ContinuousClock.now - captured).nanoseconds
            state.withLock { $0.shownDelay.record(nanoseconds: delay) }
        case .follow(let box):
            following.withLock { $0 }?.follow(box)
        case .unfollow(let track):
            following.withLock { $0 }?.unfollow(track)
        }
    }

    /// The frame upright and reduced by `pictureScale`, as a JPEG: in colour when it has
    /// colour (gray frames give gray colour).
    private static func encode(_ job: EncodeJob, with codec: JPEGCodec) throws -> ViewFrame {
        let upright = job.orientation.uprightSize(of: ImageSize(width: job.frame.width, height: job.frame.height))
        let picture = try ColourImage(reducing: job.frame, orientation: job.orientation, scale: pictureScale)
        let jpeg = try codec.encode(picture, quality: jpegQuality)
        return ViewFrame(sequence: job.frame.sequence, jpeg: jpeg, width: upright.width, height: upright.height, captured: job.captured)
    }

    /// Stops the server (every browser's connection ends), the encoder and the ticker, and
    /// says what the view did.
    public func finish() -> ViewReport {
        state.withLock { $0.ticker }?.cancel()
        audience.close()
        shelf.close()
        started.withLock { $0?.server }?.stop()
        encoder.close()
        encoder.join()
        return state.withLock { state in
            ViewReport(
                framesEncoded: state.encoded, framesServed: shelf.served, browsers: audience.joined,
                browsersDropped: audience.dropped, shownDelay: state.shownDelay)
        }
    }
}
