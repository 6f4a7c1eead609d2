import Foundation
import ScryBarcode
import ScryCore
import Testing

/// Four levels close together, equally common, spread to the whole range; their order stays.
@Test func equalizingSpreadsFewLevelsOverTheRange() {
    let image = GrayImage(width: 4, height: 2, pixels: [100, 101, 102, 103, 103, 102, 101, 100])
    #expect(image.equalized().pixels == [0, 85, 170, 255, 255, 170, 85, 0])
    // A uniform image has nothing to spread.
    #expect(GrayImage(width: 3, height: 3, filledWith: 40).equalized() == GrayImage(width: 3, height: 3, filledWith: 40))
}

@Test func invertingSwapsLightAndDark() {
    let image = GrayImage(width: 3, height: 2, pixels: [0, 1, 127, 128, 254, 255])
    let inverted = image.inverted()
    #expect(inverted.pixels == [255, 254, 128, 127, 1, 0])
    #expect(inverted.width == 3 && inverted.height == 2)
    #expect(inverted.inverted() == image)
}

/// Smoothing by [1 w 1] / (w + 2): each pixel weighed with its neighbours, the edges repeated,
/// rounded; both ways, the columns after the rows, rounded once.
@Test func smoothingWeighsEachPixelWithItsNeighbours() {
    let image = GrayImage(width: 3, height: 2, pixels: [0, 80, 160, 40, 120, 200])
    // Row 0 by [1 6 1]: (7*0 + 80)/8 = 10, (0 + 480 + 160)/8 = 80, (80 + 7*160)/8 = 150.
    #expect(image.smoothedAlongRows().pixels == [10, 80, 150, 50, 120, 190])
    // [1 2 1] rows: 20, 80, 140 and 60, 120, 180; columns: (3*20 + 60)/4 = 30, then 50.
    #expect(image.smoothedBothWays().pixels == [30, 90, 150, 50, 110, 170])
    #expect(image.smoothedAlongRows(centreWeight: 2).pixels == [20, 80, 140, 60, 120, 180])
    // A flat image stays flat, white too (the widest kernel's sums are the largest).
    let white = GrayImage(width: 4, height: 3, filledWith: 255)
    #expect(white.smoothedBothWays(centreWeight: 14) == white)
    #expect(white.smoothedAlongRows(centreWeight: 14) == white)
    // A sharp edge stays where it was: dark pixels stay under the middle, light ones over it.
    let edge = GrayImage(width: 6, height: 1, pixels: [0, 0, 255, 255, 0, 0])
    #expect(edge.smoothedAlongRows(centreWeight: 2).pixels.map { $0 > 128 } == [false, false, true, true, false, false])
    #expect(GrayImage(width: 0, height: 0, pixels: []).smoothedBothWays().pixels.isEmpty)
    #expect(GrayImage(width: 1, height: 1, pixels: [77]).smoothedBothWays().pixels == [77])
}

/// A `width` x `height` image of stripes, steps and irregular levels, 0 and 255 included.
private func stripedImage(width: Int, height: Int) -> GrayImage {
    GrayImage(width: width, height: height, pixels: (0..<(width * height)).map { index in
        let x = index % width, y = index / width
        return x % 7 < 2 ? 0 : (y % 5 == 4 ? 255 : UInt8((x * 53 + y * 29 + x * y) % 256))
    })
}

private let filterSizes = [(1, 1), (1, 6), (6, 1), (3, 2), (17, 11), (40, 33)]

/// Bilinear enlargement as defined: output (x, y) samples (x + 0.5) / factor - 0.5 of the
/// source (at least 0), between the two columns and two rows around it (the last repeated).
@Test func upscalingGivesTheBytesOfItsDefinition() {
    for (width, height) in filterSizes {
        let image = stripedImage(width: width, height: height)
        for factor in [2, 3] {
            func sample(_ index: Int, _ size: Int) -> (Int, Int, Double) {
                let position = max(0, (Double(index) + 0.5) / Double(factor) - 0.5)
                let lower = min(Int(position), size - 1)
                return (lower, min(lower + 1, size - 1), position - Double(lower))
            }
            let expected = (0..<(height * factor)).flatMap { y in
                (0..<(width * factor)).map { x -> UInt8 in
                    let (x0, x1, fx) = sample(x, width), (y0, y1, fy) = sample(y, height)
                    let top = Double(image[x0, y0]) * (1 - fx) + Double(image[x1, y0]) * fx
                    let bottom = Double(image[x0, y1]) * (1 - fx) + Double(image[x1, y1]) * fx
                    return UInt8((top * (1 - fy) + bottom * fy).rounded())
                }
            }
            #expect(image.upscaled(by: factor).pixels == expected, "\(width)x\(height) x\(factor)")
        }
    }
}

/// The unsharp mask as defined: each pixel moved from its blurred level by `amount` times the
/// difference, rounded and kept within 0...255.
@Test func sharpeningGivesTheBytesOfItsDefinition() {
    for (width, height) in filterSizes {
        let image = stripedImage(width: width, height: height)
        for (sigma, amount) in [(2.0, 1.5), (1, 0.7), (3, 2)] {
            let blurred = image.gaussianBlurred(sigma: sigma)
            let expected = zip(image.pixels, blurred.pixels).map { original, smooth in
                UInt8(min(255, max(0, (Double(original) + amount * (Double(original) - Double(smooth))).rounded())))
            }
            #expect(image.sharpened(sigma: sigma, amount: amount).pixels == expected, "\(width)x\(height)")
        }
    }
}

/// `averagedDownColumns` is held to the rule written out plainly: each pixel the mean of the
/// `span` pixels centred on it in its column, rows beyond the edges repeating the first and
/// last, rounded half up; on pictures taller and shorter than the span.
@Test(arguments: [(7, 5, 9), (13, 1, 7), (5, 3, 1), (4, 20, 3), (9, 11, 11)])
func averagingDownColumnsIsTheColumnMean(width: Int, height: Int, span: Int) {
    var state: UInt32 = UInt32(width * 131 + height * 17 + span)
    let pixels = (0..<(width * height)).map { _ -> UInt8 in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
    let image = GrayImage(width: width, height: height, pixels: pixels)
    let averaged = image.averagedDownColumns(span: span)
    #expect(averaged.width == width && averaged.height == height)
    for y in 0..<height {
        for x in 0..<width {
            let sum = (-(span / 2)...(span / 2)).reduce(0) { sum, offset in
                sum + Int(pixels[min(max(y + offset, 0), height - 1) * width + x])
            }
            #expect(Int(averaged.pixels[y * width + x]) == (sum + span / 2) / span, "(\(x), \(y))")
        }
    }
}

/// Along an upright bar nothing changes; across the rows the edges stay where they were.
@Test func averagingDownColumnsKeepsUprightEdges() {
    let bars: [UInt8] = [255, 0, 0, 255, 0, 255, 255, 0]
    let image = GrayImage(width: bars.count, height: 12, pixels: Array((0..<12).map { _ in bars }.joined()))
    #expect(image.averagedDownColumns(span: 9) == image)
    #expect(image.averagedDownColumns(span: 1) == image)
}

/// The Wiener kernel of `deblurredAlongRows`: symmetric, 2 ceil(6 sigma) + 1 taps summing to
/// 1, with negative lobes (it steepens edges), and undoing part of the blur it was made for:
/// convolved with that Gaussian its peak is over 1.5 times the Gaussian's own (the gain the
/// noise-to-signal ratio allows caps it).
@Test(arguments: [1.5, 2.0, 2.5])
func rowDeblurringKernelUndoesItsBlur(sigma: Double) {
    let kernel = RowDeblurring.kernel(sigma: sigma, noiseToSignal: RowDeblurring.noiseToSignal)
    let radius = Int((6 * sigma).rounded(.up))
    #expect(kernel.count == 2 * radius + 1)
    #expect(abs(kernel.reduce(0, +) - 1) < 1e-9)
    for offset in 0..<radius { #expect(abs(kernel[offset] - kernel[kernel.count - 1 - offset]) < 1e-9) }
    #expect(kernel.contains { $0 < 0 })
    #expect(kernel[radius] == kernel.max())
    let gaussian = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let gaussianSum = gaussian.reduce(0, +)
    // The blur followed by the kernel, against a single tap at the centre.
    let combined = (-2 * radius...2 * radius).map { offset -> Double in
        (-radius...radius).reduce(0.0) { sum, k in
            let other = offset - k
            guard abs(other) <= radius else { return sum }
            return sum + gaussian[k + radius] / gaussianSum * kernel[other + radius]
        }
    }
    #expect(combined[2 * radius] > 1.5 * gaussian[radius] / gaussianSum, "\(combined[2 * radius])")
}

/// Bars blurred by a Gaussian of 2 px come back nearer their sharp levels deblurred along
/// the rows for that blur; what varies only down the columns is left as it is, and a flat
/// image stays flat.
@Test func deblurringAlongRowsSharpensBarsAndLeavesColumnsAlone() {
    let modules: [UInt8] = [255, 255, 0, 255, 0, 0, 255, 0, 0, 0, 255, 255, 0, 255, 255, 255, 0, 0, 255, 0]
    let row = modules.flatMap { Array(repeating: $0, count: 4) }
    let bars = GrayImage(width: row.count, height: 16, pixels: Array((0..<16).map { _ in row }.joined()))
    let blurred = bars.gaussianBlurred(sigma: 2)
    let deblurred = blurred.deblurredAlongRows(sigma: 2)
    func distance(_ a: GrayImage, _ b: GrayImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    }
    // Away from the image's ends, where the repeated edge pixels are no bars.
    func middle(_ image: GrayImage) -> GrayImage {
        GrayImage(width: 60, height: 1, pixels: Array(image.pixels[(8 * row.count + 10)..<(8 * row.count + 70)]))
    }
    #expect(distance(middle(deblurred), middle(bars)) * 2 < distance(middle(blurred), middle(bars)))
    let gradient = GrayImage(width: 9, height: 6, pixels: (0..<54).map { UInt8(($0 / 9) * 40) })
    #expect(gradient.deblurredAlongRows(sigma: 2) == gradient)
    #expect(GrayImage(width: 7, height: 3, filledWith: 200).deblurredAlongRows(sigma: 2.5)
        == GrayImage(width: 7, height: 3, filledWith: 200))
}
