import Dispatch
import Synchronization

/// An unbounded first-in first-out queue between a producer that must never wait (a pen's
/// event reader) and consumers that may be slow (a recognizer, the text lane's readers): `post` always returns at
/// once and nothing is ever dropped; `take` blocks until a value arrives or the queue is closed.
public final class WorkQueue<Value: Sendable>: Sendable {
    private struct State {
        /// Values posted; a taken one is nil at once, so the queue holds nothing it has handed
        /// out (a frame's pixels, say) until its slots are compacted.
        var values: [Value?] = []
        var next = 0
        var closed = false
        var posted = 0
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
            state.posted += 1
            return true
        }
        if accepted { ready.signal() }
        return accepted
    }

    /// The oldest value not yet taken, waiting for one; nil once the queue is closed and every
    /// value has been taken.
    public func take() -> Value? {
        while true {
            ready.wait()
            let (value, closed) = state.withLock { state -> (Value?, Bool) in
                guard state.next < state.values.count else { return (nil, state.closed) }
                let value = state.values[state.next]
                state.values[state.next] = nil
                state.next += 1
                if state.next > 64, state.next * 2 > state.values.count {
                    state.values.removeFirst(state.next)
                    state.next = 0
                }
                return (value, state.closed)
            }
            if let value { return value }
            if closed {
                ready.signal()  // Closed and empty: keep waking any later take().
                return nil
            }
            // A value withdrawn before it was taken: its signal is spent, wait for the next.
        }
    }

    /// Takes back the values not taken yet, oldest first; the queue stays open.
    public func withdrawWaiting() -> [Value] {
        state.withLock { state in
            defer {
                state.values.removeAll()
                state.next = 0
            }
            return state.values[state.next...].compactMap { $0 }
        }
    }

    /// No more values will come: `take` returns those left, then nil.
    public func close() {
        let wasOpen = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if wasOpen { ready.signal() }
    }

    /// Values posted so far (while open).
    public var postedCount: Int { state.withLock { $0.posted } }
}
