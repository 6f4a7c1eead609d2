import Synchronization

/// The browsers watching, each with the messages (detections, lines, rates) waiting for it.
/// A browser's writer takes them a batch at a time (`take`), woken when some wait; one that
/// lets `queueLimit` messages wait (it stopped reading, or reads too slowly) is dropped, its
/// connection closed, and the run goes on; nothing waits for it.
final class ViewAudience: Sendable {
    /// Messages waiting for one browser before it is dropped.
    static let queueLimit = 512

    private struct Member {
        var waiting: [String]
        /// Says that messages wait (at most one such word is kept).
        var wake: AsyncStream<Void>.Continuation
    }

    private struct State {
        var members: [Int: Member] = [:]
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

    /// A new browser: its id, and a stream that says when messages wait for it (`take` them),
    /// the first being `greeting` and the lines written so far. The stream ends when the
    /// browser is dropped or the view closes.
    func join(greeting: [String]) -> (id: Int, wakes: AsyncStream<Void>) {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.next += 1
            state.joined += 1
            state.members[state.next] = Member(waiting: greeting + state.history, wake: wake)
            return state.next
        }
        guard let id else {
            wake.finish()
            return (0, wakes)
        }
        wake.yield()
        return (id, wakes)
    }

    /// The messages waiting for browser `id`, oldest first; none once it has gone.
    func take(_ id: Int) -> [String] {
        state.withLock { state in
            guard let waiting = state.members[id]?.waiting, !waiting.isEmpty else { return [] }
            state.members[id]?.waiting = []
            return waiting
        }
    }

    /// The browser `id` has gone.
    func leave(_ id: Int) {
        let (member, cancel) = state.withLock { ($0.members.removeValue(forKey: id), $0.cancels.removeValue(forKey: id)) }
        member?.wake.finish()
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
        var slow: [(Int, Member)] = []
        var cancels: [@Sendable () -> Void] = []
        state.withLock { state in
            if keep {
                state.history.append(message)
                if state.history.count > Self.historyLimit { state.history.removeFirst() }
            }
            for id in Array(state.members.keys) {
                guard state.members[id]!.waiting.count < Self.queueLimit else {
                    slow.append((id, state.members.removeValue(forKey: id)!))
                    if let cancel = state.cancels.removeValue(forKey: id) { cancels.append(cancel) }
                    continue
                }
                state.members[id]!.waiting.append(message)
                state.members[id]!.wake.yield()
            }
            state.dropped += slow.count
        }
        for cancel in cancels { cancel() }
        for (id, member) in slow {
            member.wake.finish()
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
        for member in members { member.wake.finish() }
        for cancel in cancels { cancel() }
    }
}
