/// Where a pen session takes its samples from: a pen, touch screen or touchpad read live
/// (`PenReader`), or its in-memory twin for tests (`InMemoryPen`).
public protocol PenSampleSource {
    /// Waits at most `milliseconds` for the pen to move; returns the samples completed by then
    /// (none when it did not move). Throws `.disconnected` once the pen is gone.
    mutating func samples(waitingAtMost milliseconds: Int) throws(InputDeviceError) -> [PenSample]

    /// Now, in milliseconds of the clock the samples are stamped with.
    var nowMilliseconds: Double { get }
}
