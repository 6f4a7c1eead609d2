import Glibc

/// Blocks the calling thread until `instant` (returns early if a signal arrives).
public func sleep(until instant: ContinuousClock.Instant) {
    let remaining = instant - ContinuousClock.now
    guard remaining > .zero else { return }
    let (seconds, attoseconds) = remaining.components
    var interval = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    nanosleep(&interval, nil)
}
