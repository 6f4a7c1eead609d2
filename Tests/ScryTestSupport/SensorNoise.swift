import Foundation
import ScryCore

extension GrayImage {
    /// This image with Gaussian noise of standard deviation `sigma` gray levels added to every
    /// pixel independently (clamped to 0...255), the same for the same `seed`: a camera
    /// sensor's noise in a dim room.
    public func withGaussianNoise(sigma: Double, seed: UInt64) -> GrayImage {
        var generator = SplitMix64(state: seed)
        var noisy = self
        for index in noisy.pixels.indices {
            let value = Double(noisy.pixels[index]) + sigma * generator.nextGaussian()
            noisy.pixels[index] = UInt8(min(255, max(0, value.rounded())))
        }
        return noisy
    }
}

/// Steele, Lea and Flood's SplitMix64: a small, seedable generator for test data.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1].
    mutating func nextUnit() -> Double { (Double(next() >> 11) + 1) / Double(1 << 53) }

    /// Standard normal, by Box and Muller's transform.
    mutating func nextGaussian() -> Double {
        let radius = (-2 * log(nextUnit())).squareRoot()
        return radius * cos(2 * Double.pi * nextUnit())
    }
}
