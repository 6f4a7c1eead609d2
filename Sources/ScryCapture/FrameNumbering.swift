/// Numbers a camera's frames: the driver's buffer sequence while it counts up (a gap is a
/// frame the driver dropped), else one more than the last frame's number. Some drivers leave
/// the sequence at 0 (vivid looping its HDMI output back), and a 32-bit sequence wraps; a
/// stream's frame numbers still always increase.
public struct FrameNumbering: Sendable {
    private var last: UInt64?

    public init() {}

    /// The number of the frame the driver gave `driverSequence`.
    public mutating func number(driverSequence: UInt32) -> UInt64 {
        let proposed = UInt64(driverSequence)
        let number = if let last, proposed <= last { last + 1 } else { proposed }
        last = number
        return number
    }
}
