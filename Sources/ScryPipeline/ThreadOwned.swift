/// A value handed from the thread that made it to the one thread that will use it (a
/// detector holding C engines bound to one thread). That thread takes it once, so that the
/// value is released there, when the thread is done with it, and not whenever the thread's
/// closure happens to be freed. (Starting the thread orders the hand-over: no lock is needed.)
final class ThreadOwned<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: Value) { self.value = value }

    /// The value; it is no longer held here afterwards. Call once, on the owning thread.
    func take() -> Value {
        guard let value else { preconditionFailure("a thread-owned value taken twice") }
        self.value = nil
        return value
    }
}
