import Synchronization

/// The browsers watching, each with its own queue of messages (detections, lines, rates). A
/// browser's queue holds at most `queueLimit` messages: one that falls that far behind (it
/// stopped reading, or reads too slowly) is dropped, its connection closed, and the run goes
/// on; nothing waits for it.
final class ViewAudience: Sendable {
    /// Messages waiting for one browser before it is dropped.
    static let queueLimit = 512

    private struct State {
        var members: [Int: AsyncStream<String>.Continuation] = [:]
        /// What ends each browser's writer at once (it may be waiting on a stalled socket).
        var cancels: [Int: @Sendable () -> Void] = [:]
        var next = 0
        var joined = 0
        var dropped = 0
        var closed = false
        /// Lines written so far (the newest `historyLimit`), sent to a browser as it joins.
        var history: [String] = []
    }

    static let historyLimit = 100
    private let state = Mutex(State())
    private let onDrop: @Sendable (String) -> Void

    /// `onDrop` is told (once per browser) why a browser was dropped.
    init(onDrop: @escaping @Sendable (String) -> Void) { self.onDrop = onDrop }

    /// A new browser: its id and the messages to send it, starting with `greeting` and the
    /// lines written so far. The stream ends when the browser is dropped or the view closes.
    func join(greeting: [String]) -> (id: Int, messages: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(Self.queueLimit))
        let id = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.next += 1
            state.joined += 1
            state.members[state.next] = continuation
            for message in greeting + state.history { continuation.yield(message) }
            return state.next
        }
        guard let id else {
            continuation.finish()
            return (0, stream)
        }
        return (id, stream)
    }

    /// The browser `id` has gone.
    func leave(_ id: Int) {
        let (continuation, cancel) = state.withLock { ($0.members.removeValue(forKey: id), $0.cancels.removeValue(forKey: id)) }
        continuation?.finish()
        cancel?()
    }

    /// What ends browser `id`'s writer when it is dropped or the view closes; run at once when
    /// it has already gone.
    func onLeave(_ id: Int, _ cancel: @escaping @Sendable () -> Void) {
        let present = state.withLock { state -> Bool in
            guard state.members[id] != nil else { return false }
            state.cancels[id] = cancel
            return true
        }
        if !present { cancel() }
    }

    /// Sends `message` to every browser; with `keep`, a browser joining later gets it too.
    func broadcast(_ message: String, keep: Bool = false) {
        var slow: [(Int, AsyncStream<String>.Continuation)] = []
        var cancels: [@Sendable () -> Void] = []
        state.withLock { state in
            if keep {
                state.history.append(message)
                if state.history.count > Self.historyLimit { state.history.removeFirst() }
            }
            for (id, continuation) in state.members {
                switch continuation.yield(message) {
                case .dropped: slow.append((id, continuation))
                case .terminated: state.members[id] = nil  // its connection has ended
                case .enqueued: break
                @unknown default: break
                }
            }
            for (id, _) in slow {
                state.members[id] = nil
                if let cancel = state.cancels.removeValue(forKey: id) { cancels.append(cancel) }
            }
            state.dropped += slow.count
        }
        for cancel in cancels { cancel() }
        for (id, continuation) in slow {
            continuation.finish()
            onDrop("browser \(id) fell \(Self.queueLimit) messages behind and was dropped")
        }
    }

    /// Browsers watching now.
    var watching: Int { state.withLock { $0.members.count } }
    /// Browsers that joined so far, and those dropped for falling behind.
    var joined: Int { state.withLock { $0.joined } }
    var dropped: Int { state.withLock { $0.dropped } }

    /// Ends every browser's stream; later joins get an empty one.
    func close() {
        let (members, cancels) = state.withLock { state in
            state.closed = true
            defer {
                state.members = [:]
                state.cancels = [:]
            }
            return (Array(state.members.values), Array(state.cancels.values))
        }
        for continuation in members { continuation.finish() }
        for cancel in cancels { cancel() }
    }
}
