import Glibc

/// CLOCK_MONOTONIC, the clock V4L2 drivers stamp buffers with
/// (`V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC`).
enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
