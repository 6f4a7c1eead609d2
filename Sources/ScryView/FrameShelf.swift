import Synchronization

/// The newest frame the view has encoded, and the browsers waiting for one newer than the one
/// they show. A browser asks for the next frame when it has drawn the last one, so a slow
/// browser gets fewer frames and nothing queues for it. Also remembers when recent frames
/// were captured, for the delay a browser reports.
final class FrameShelf: Sendable {
    private struct Waiter {
        var after: UInt64
        var continuation: CheckedContinuation<ViewFrame?, Never>
    }

    private struct State {
        var latest: ViewFrame?
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
        /// Capture instants of the last frames put on the shelf, by sequence.
        var captured: [(sequence: UInt64, instant: ContinuousClock.Instant)] = []
        var closed = false
        var served = 0
    }

    private let state = Mutex(State())

    /// Puts `frame` on the shelf and hands it to every browser waiting.
    func put(_ frame: ViewFrame) {
        let ready = state.withLock { state -> [CheckedContinuation<ViewFrame?, Never>] in
            state.latest = frame
            state.captured.append((frame.sequence, frame.captured))
            if state.captured.count > 128 { state.captured.removeFirst(state.captured.count - 128) }
            let waiting = state.waiters.filter { $0.value.after < frame.sequence }
            for key in waiting.keys { state.waiters[key] = nil }
            state.served += waiting.count
            return waiting.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume(returning: frame) }
    }

    /// The newest frame when it is newer than `after`; else waits for one up to `timeout`
    /// (nil then, or once the shelf is closed).
    func next(after: UInt64?, timeout: Duration = .seconds(2)) async -> ViewFrame? {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.giveUp(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let now = state.withLock { state -> ViewFrame?? in
                if state.closed { return .some(nil) }
                if let latest = state.latest, after.map({ latest.sequence > $0 }) ?? true {
                    state.served += 1
                    return .some(latest)
                }
                state.waiters[id] = Waiter(after: after ?? 0, continuation: continuation)
                return .none
            }
            if case .some(let frame) = now { continuation.resume(returning: frame) }
        }
    }

    private func giveUp(_ id: Int) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.continuation.resume(returning: nil)
    }

    /// When frame `sequence` was captured, if it is among the last 128 put on the shelf.
    func captureInstant(of sequence: UInt64) -> ContinuousClock.Instant? {
        state.withLock { state in state.captured.last { $0.sequence == sequence }?.instant }
    }

    /// Whether the shelf is closed: no frame will come.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Frames handed to browsers so far.
    var served: Int { state.withLock { $0.served } }

    /// No more frames: every browser waiting gets nil.
    func close() {
        let waiting = state.withLock { state -> [CheckedContinuation<ViewFrame?, Never>] in
            state.closed = true
            defer { state.waiters = [:] }
            return state.waiters.values.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(returning: nil) }
    }
}
