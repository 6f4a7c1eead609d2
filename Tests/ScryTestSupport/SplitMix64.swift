import Foundation

/// Steele, Lea and Flood's SplitMix64: a small, seedable generator for test data, the same
/// numbers for the same seed on every run and machine.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1].
    public mutating func nextUnit() -> Double { (Double(next() >> 11) + 1) / Double(1 << 53) }

    /// Standard normal, by Box and Muller's transform.
    public mutating func nextGaussian() -> Double {
        let radius = (-2 * log(nextUnit())).squareRoot()
        return radius * cos(2 * Double.pi * nextUnit())
    }
}
