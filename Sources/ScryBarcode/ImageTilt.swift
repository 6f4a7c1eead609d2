import Foundation
import ScryCore

/// How far an image's edges lean from its rows and columns, and the image turned by a small
/// angle so that they stand on them: the look that reads a stacked code photographed askew.
///
/// A DataBar Stacked row is 5 or 7 modules tall and about 50 wide, so a scan line that leans
/// by more than a few degrees runs out of the row before it has crossed its bars, and neither
/// engine turns an image by less than a quarter. On the 87 DataBar Stacked photos that
/// scripts/bench-tilted-codes makes (zint's codes on labels turned -12 to 12 degrees), scry
/// read 33 without this look and 61 with it (docs/barcode-benchmark.md).
struct ImageTilt {
    /// Degrees in (-45, 45]: turning the image counterclockwise as it is shown (rows top to
    /// bottom) by this angle brings its dominant edges onto its rows and columns.
    let degrees: Double
    /// How much of the edge strength agrees on that angle (modulo a quarter turn), 0 to 1.
    let coherence: Double

    /// A turn smaller than this is not worth a look: the plain passes have read the image at
    /// that lean already.
    static let smallestDegrees = 3.0
    /// Below this coherence the edges lean every way (texture, print, a scene) and the angle
    /// says nothing about a code.
    static let leastCoherence = 0.2

    /// The blur taken before the gradients: on sharp edges Sobel's angles lean towards the
    /// pixel grid (stripes turned 6 to 30 degrees read 1 to 3 degrees short); smoothed by this
    /// sigma, under half a degree.
    static let smoothingSigma = 1.5

    /// A lean of `degrees` on which the edges agree by `coherence`.
    init(degrees: Double, coherence: Double) {
        self.degrees = degrees
        self.coherence = coherence
    }

    /// The dominant lean of `image`'s edges: the Sobel gradients' angles of the image smoothed
    /// (`smoothingSigma`) taken four times (an edge and the one across it, a quarter turn
    /// apart, agree), each weighted by its strength squared.
    init(of original: GrayImage) {
        let image = original.width >= 3 && original.height >= 3 ? original.gaussianBlurred(sigma: Self.smoothingSigma) : original
        var sumCos = 0.0
        var sumSin = 0.0
        var total = 0.0
        let width = image.width
        image.pixels.withUnsafeBufferPointer { p in
            guard image.width >= 3, image.height >= 3 else { return }
            for y in 1..<(image.height - 1) {
                let above = (y - 1) * width
                let row = y * width
                let below = (y + 1) * width
                for x in 1..<(width - 1) {
                    let gx = Double(Int(p[above + x + 1]) + 2 * Int(p[row + x + 1]) + Int(p[below + x + 1])
                        - Int(p[above + x - 1]) - 2 * Int(p[row + x - 1]) - Int(p[below + x - 1]))
                    let gy = Double(Int(p[below + x - 1]) + 2 * Int(p[below + x]) + Int(p[below + x + 1])
                        - Int(p[above + x - 1]) - 2 * Int(p[above + x]) - Int(p[above + x + 1]))
                    let strength = gx * gx + gy * gy
                    guard strength > 0 else { continue }
                    // (gx + i gy)^4 / |g|^2: the angle four times, the strength squared.
                    let re2 = gx * gx - gy * gy
                    let im2 = 2 * gx * gy
                    sumCos += (re2 * re2 - im2 * im2) / strength
                    sumSin += 2 * re2 * im2 / strength
                    total += strength
                }
            }
        }
        guard total > 0 else {
            degrees = 0
            coherence = 0
            return
        }
        degrees = atan2(sumSin, sumCos) / 4 * 180 / .pi
        coherence = (sumCos * sumCos + sumSin * sumSin).squareRoot() / total
    }

    /// Whether turning the image by `degrees` may let a scan line stay on a code's rows.
    var isWorthTurning: Bool { abs(degrees) >= Self.smallestDegrees && coherence >= Self.leastCoherence }
}

/// `image` turned counterclockwise (as shown) by `degrees` about its centre, on a canvas that
/// holds all of it, the corners filled with its mean gray; sampled bilinearly.
struct TiltedImage {
    let image: GrayImage
    private let degrees: Double
    private let originalSize: ImageSize

    init(_ original: GrayImage, turnedBy degrees: Double) {
        self.degrees = degrees
        originalSize = original.size
        let radians = degrees * .pi / 180
        let c = cos(radians)
        let s = sin(radians)
        let width = Int((Double(original.width) * abs(c) + Double(original.height) * abs(s)).rounded(.up))
        let height = Int((Double(original.width) * abs(s) + Double(original.height) * abs(c)).rounded(.up))
        let mean = original.pixels.isEmpty ? 0 : UInt8(original.pixels.reduce(0) { $0 + Int($1) } / original.pixels.count)
        var pixels = [UInt8](repeating: mean, count: width * height)
        let centre = (x: Double(original.width) / 2, y: Double(original.height) / 2)
        let newCentre = (x: Double(width) / 2, y: Double(height) / 2)
        let sourceWidth = original.width
        let sourceHeight = original.height
        original.pixels.withUnsafeBufferPointer { source in
            for v in 0..<height {
                let dv = Double(v) + 0.5 - newCentre.y
                for u in 0..<width {
                    let du = Double(u) + 0.5 - newCentre.x
                    // The inverse turn: where this pixel's centre was in the original.
                    let x = du * c - dv * s + centre.x - 0.5
                    let y = du * s + dv * c + centre.y - 0.5
                    guard x >= 0, y >= 0, x <= Double(sourceWidth - 1), y <= Double(sourceHeight - 1) else { continue }
                    let x0 = min(Int(x), sourceWidth - 2 < 0 ? 0 : sourceWidth - 2)
                    let y0 = min(Int(y), sourceHeight - 2 < 0 ? 0 : sourceHeight - 2)
                    let x1 = min(x0 + 1, sourceWidth - 1)
                    let y1 = min(y0 + 1, sourceHeight - 1)
                    let fx = x - Double(x0)
                    let fy = y - Double(y0)
                    let top = Double(source[y0 * sourceWidth + x0]) * (1 - fx) + Double(source[y0 * sourceWidth + x1]) * fx
                    let bottom = Double(source[y1 * sourceWidth + x0]) * (1 - fx) + Double(source[y1 * sourceWidth + x1]) * fx
                    pixels[v * width + u] = (top * (1 - fy) + bottom * fy).roundedPixel
                }
            }
        }
        image = GrayImage(width: width, height: height, pixels: pixels)
    }

    /// A point of `image` (the turned one) where it lies in the original.
    func originalPoint(_ point: PixelPoint) -> PixelPoint {
        let radians = degrees * .pi / 180
        let c = cos(radians)
        let s = sin(radians)
        let du = point.x - Double(image.width) / 2
        let dv = point.y - Double(image.height) / 2
        return PixelPoint(
            x: du * c - dv * s + Double(originalSize.width) / 2, y: du * s + dv * c + Double(originalSize.height) / 2)
    }
}
