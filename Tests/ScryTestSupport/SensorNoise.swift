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
