import Dispatch
import Synchronization

/// An unbounded first-in first-out queue between a producer that must never wait (a pen's
/// event reader) and one consumer that may be slow (a recognizer): `post` always returns at
/// once and nothing is ever dropped; `take` blocks until a value arrives or the queue is closed.
public final class WorkQueue<Value: Sendable>: Sendable {
    private struct State {
        /// Values posted; a taken one is nil at once, so the queue holds nothing it has handed
        /// out (a frame's pixels, say) until its slots are compacted.
        var values: [Value?] = []
        var next = 0
        var closed = false
    }

    private let state = Mutex(State())
    /// Counts the values posted, plus one on close.
    private let ready = DispatchSemaphore(value: 0)

    public init() {}

    /// Adds `value` at the end. Returns false, keeping nothing, once the queue is closed.
    @discardableResult
    public func post(_ value: Value) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.values.append(value)
            return true
        }
        if accepted { ready.signal() }
        return accepted
    }

    /// The oldest value not yet taken, waiting for one; nil once the queue is closed and every
    /// value has been taken.
    public func take() -> Value? {
        ready.wait()
        let value = state.withLock { state -> Value? in
            guard state.next < state.values.count else {
                return nil
            }
            let value = state.values[state.next]
            state.values[state.next] = nil
            state.next += 1
            if state.next > 64, state.next * 2 > state.values.count {
                state.values.removeFirst(state.next)
                state.next = 0
            }
            return value
        }
        // Closed and empty: keep waking any later take().
        if value == nil { ready.signal() }
        return value
    }

    /// No more values will come: `take` returns those left, then nil.
    public func close() {
        let wasOpen = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if wasOpen { ready.signal() }
    }
}
