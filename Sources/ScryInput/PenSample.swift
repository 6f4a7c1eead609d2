/// Where the pen (or finger) is, at one moment of contact with the surface.
public struct PenSample: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// The tip touched the surface: a stroke begins here.
        case down
        /// The tip moved while touching.
        case move
        /// The tip left the surface: the stroke ends here.
        case up
    }

    public var phase: Phase
    /// The position in the device's units (its `x` and `y` axes' ranges, y down).
    public var x: Double
    public var y: Double
    /// Milliseconds on the clock the events were read with.
    public var milliseconds: Double

    public init(phase: Phase, x: Double, y: Double, milliseconds: Double) {
        self.phase = phase
        self.x = x
        self.y = y
        self.milliseconds = milliseconds
    }
}
