import Dispatch
import Synchronization

/// A one-slot mailbox between a producer that must never wait (the capture loop) and one slow
/// consumer (a detector lane). `post` always returns at once: a value still unread is replaced
/// by the new one and counted as dropped. `take` blocks until a value arrives or the mailbox is
/// closed. Every value posted is either taken exactly once or counted as dropped, never both.
public final class LatestValueMailbox<Value: Sendable>: Sendable {
    private struct State {
        var slot: Value?
        var closed = false
        var posted = 0
        var dropped = 0
    }

    private let state = Mutex(State())
    /// Signalled when the slot goes from empty to full, and once more on close.
    private let ready = DispatchSemaphore(value: 0)

    public init() {}

    /// Leaves `value` for the consumer, replacing (and counting as dropped) an unread one.
    /// Returns false, dropping nothing, once the mailbox is closed.
    @discardableResult
    public func post(_ value: Value) -> Bool {
        let (accepted, wake) = state.withLock { state -> (Bool, Bool) in
            guard !state.closed else { return (false, false) }
            state.posted += 1
            let wasEmpty = state.slot == nil
            if !wasEmpty { state.dropped += 1 }
            state.slot = value
            return (true, wasEmpty)
        }
        if wake { ready.signal() }
        return accepted
    }

    /// The newest unread value, waiting for one if the slot is empty; nil once the mailbox is
    /// closed and empty. A value left when the mailbox closes is still handed out.
    public func take() -> Value? {
        while true {
            ready.wait()
            let (value, closed) = state.withLock { state -> (Value?, Bool) in
                let value = state.slot
                state.slot = nil
                return (value, state.closed)
            }
            if let value { return value }
            if closed {
                ready.signal()  // Keep waking any later take() after close.
                return nil
            }
        }
    }

    /// No more values will come: `take` returns what is left, then nil.
    public func close() {
        let wasOpen = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if wasOpen { ready.signal() }
    }

    /// Values posted so far (while open).
    public var postedCount: Int { state.withLock { $0.posted } }

    /// Values replaced before the consumer took them.
    public var droppedCount: Int { state.withLock { $0.dropped } }
}
