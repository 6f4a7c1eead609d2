/// A value handed from the thread that made it to the one thread that will use it (a
/// detector holding C engines bound to one thread).
struct ThreadOwned<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
