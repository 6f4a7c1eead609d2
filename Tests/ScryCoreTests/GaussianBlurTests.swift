@testable import ScryCore
import Testing

/// An image of `width` x `height` whose levels mix smooth gradients, hard edges and
/// irregular texture, the full range 0...255 included.
func unevenImage(width: Int, height: Int) -> GrayImage {
    GrayImage(width: width, height: height, pixels: (0..<(width * height)).map { index in
        let x = index % width, y = index / width
        if (x / 3 + y / 4) % 5 == 0 { return 255 }
        if (x + 2 * y) % 11 == 0 { return 0 }
        return UInt8((x * 37 + y * 91 + (x * y) % 17 * 13) % 256)
    })
}

/// The sizes the filters' edge handling must get right: narrower and shorter than a kernel,
/// one pixel wide or high, and larger than a kernel both ways.
let filterTestSizes: [(width: Int, height: Int)] = [(1, 1), (1, 9), (9, 1), (2, 3), (5, 13), (19, 7), (41, 29), (64, 48)]

/// The blur as it is defined: each pixel's kernel-weighted sum along its row (edges
/// repeated), then of those sums along its column, each sum taken in kernel order, rounded once.
private func blurredByDefinition(_ image: GrayImage, sigma: Double) -> GrayImage {
    let kernel = GrayImage.gaussianKernel(sigma: sigma)
    let radius = kernel.count / 2, width = image.width, height = image.height
    func clamped(_ value: Int, _ count: Int) -> Int { min(max(value, 0), count - 1) }
    let rows = (0..<height).flatMap { y in
        (0..<width).map { x in
            kernel.indices.reduce(0.0) { $0 + Double(image[clamped(x + $1 - radius, width), y]) * kernel[$1] }
        }
    }
    return GrayImage(width: width, height: height, pixels: (0..<height).flatMap { y in
        (0..<width).map { x in
            let sum = kernel.indices.reduce(0.0) { $0 + rows[clamped(y + $1 - radius, height) * width + x] * kernel[$1] }
            return UInt8(min(255, max(0, sum.rounded())))
        }
    })
}

/// The blur gives exactly the bytes of its definition, at every size and at the sigmas the
/// barcode and ink passes use.
@Test(arguments: [0.7, 1, 1.5, 2, 3])
func blurringGivesTheBytesOfItsDefinition(sigma: Double) {
    for (width, height) in filterTestSizes {
        let image = unevenImage(width: width, height: height)
        #expect(image.gaussianBlurred(sigma: sigma) == blurredByDefinition(image, sigma: sigma), "\(width)x\(height)")
    }
}

/// The kernel spans three sigmas each way and sums to one; a flat image stays flat.
@Test func blurringKeepsAFlatImageFlat() {
    let kernel = GrayImage.gaussianKernel(sigma: 2)
    #expect(kernel.count == 13)
    #expect(abs(kernel.reduce(0, +) - 1) < 1e-12)
    #expect(kernel[6] > kernel[5] && kernel[5] == kernel[7])
    let flat = GrayImage(width: 30, height: 20, filledWith: 173)
    #expect(flat.gaussianBlurred(sigma: 3) == flat)
}
