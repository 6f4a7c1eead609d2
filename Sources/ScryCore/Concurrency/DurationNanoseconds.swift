extension Duration {
    /// This duration in whole nanoseconds (0 for negative durations).
    public var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        let total = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return total > 0 ? UInt64(total) : 0
    }
}
