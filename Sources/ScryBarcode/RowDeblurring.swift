import Foundation
import ScryCore

extension GrayImage {
    /// This image deblurred along its rows by a Wiener filter for a Gaussian blur of standard
    /// deviation `sigma` pixels: each row convolved with `rowDeblurringKernel(sigma:noiseToSignal:)`
    /// (edge pixels repeated beyond the row), rounded and clamped to 0...255; the columns are
    /// left as they are. The bars of an upright linear code that a camera out of focus
    /// blurred by about `sigma` steepen again, while across the rows (along the bars) nothing
    /// is amplified: deblurring both ways also sharpens the noise along the bars, and on the
    /// eval photos made two wrong numbers where along the rows alone made none.
    public func deblurredAlongRows(sigma: Double, noiseToSignal: Double = RowDeblurring.noiseToSignal) -> GrayImage {
        guard sigma > 0, width > 0, height > 0 else { return self }
        let kernel = RowDeblurring.kernel(sigma: sigma, noiseToSignal: noiseToSignal)
        let radius = kernel.count / 2
        let width = self.width, height = self.height
        var padded = [Double](repeating: 0, count: width + 2 * radius)
        var sums = [Double](repeating: 0, count: width)
        let out = [UInt8](unsafeUninitializedCapacity: width * height) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                kernel.withUnsafeBufferPointer { weights in
                    padded.withUnsafeMutableBufferPointer { widened in
                        sums.withUnsafeMutableBufferPointer { sums in
                            guard let source = source.baseAddress, let weights = weights.baseAddress,
                                let widened = widened.baseAddress, let sums = sums.baseAddress,
                                let target = target.baseAddress
                            else { return }
                            for y in 0..<height {
                                let row = source + y * width
                                let first = Double(row[0]), last = Double(row[width - 1])
                                for x in 0..<radius {
                                    widened[x] = first
                                    widened[radius + width + x] = last
                                }
                                for x in 0..<width { widened[radius + x] = Double(row[x]) }
                                for x in 0..<width { sums[x] = 0 }
                                for k in 0...(2 * radius) {
                                    let weight = weights[k], shifted = widened + k
                                    for x in 0..<width { sums[x] += shifted[x] * weight }
                                }
                                let out = target + y * width
                                for x in 0..<width { out[x] = sums[x].roundedPixel }
                            }
                        }
                    }
                }
            }
            initialized = width * height
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}

/// The one-dimensional Wiener filter `GrayImage.deblurredAlongRows` convolves rows with.
public enum RowDeblurring {
    /// The noise-to-signal power ratio the filter assumes: the gain at a frequency the blur
    /// damped to `H` is `H / (H^2 + noiseToSignal)`, at most `1 / (2 sqrt(noiseToSignal))`
    /// (5 at 0.01), so the noise of a webcam's frame is not amplified without bound.
    public static let noiseToSignal = 0.01

    /// Samples of the frequency response the kernel is worked out from (a power of two, far
    /// more than the kernel's taps, so the kernel is not aliased).
    static let responseSamples = 512

    /// The filter's taps, centre in the middle, `2 * ceil(6 sigma) + 1` of them summing to 1
    /// (a flat region keeps its level): the inverse discrete Fourier transform of
    /// `H / (H^2 + noiseToSignal)`, where `H(f) = exp(-2 pi^2 sigma^2 f^2)` is the response of a
    /// Gaussian blur of `sigma` pixels at `f` cycles a pixel, cut at 6 sigma, where its
    /// ripples have faded.
    public static func kernel(sigma: Double, noiseToSignal: Double) -> [Double] {
        let count = responseSamples
        let response = (0..<count).map { index -> Double in
            let frequency = Double(index <= count / 2 ? index : index - count) / Double(count)
            let blur = exp(-2 * Double.pi * Double.pi * sigma * sigma * frequency * frequency)
            return blur / (blur * blur + noiseToSignal)
        }
        let radius = Int((6 * sigma).rounded(.up))
        // The response is real and even, so its transform is a sum of cosines.
        var taps = (-radius...radius).map { offset -> Double in
            var sum = 0.0
            for (index, gain) in response.enumerated() {
                sum += gain * cos(2 * Double.pi * Double(index * offset) / Double(count))
            }
            return sum / Double(count)
        }
        let total = taps.reduce(0, +)
        taps = taps.map { $0 / total }
        return taps
    }
}
