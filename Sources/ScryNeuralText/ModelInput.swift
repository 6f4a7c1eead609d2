import ScryCore
import ScryNeural

/// How a model wants its pixels: channel value = (gray / 255 - mean) / deviation, the gray
/// copied into each of three channels (the models were trained on colour pictures).
public struct PixelNormalization: Sendable, Equatable {
    public let mean: [Float]
    public let deviation: [Float]

    /// The three channel values for each gray level, looked up rather than computed per pixel.
    let table: [[Float]]

    public init(mean: [Float], deviation: [Float]) {
        precondition(mean.count == 3 && deviation.count == 3 && deviation.allSatisfy { $0 > 0 })
        self.mean = mean
        self.deviation = deviation
        table = (0..<3).map { channel in (0..<256).map { (Float($0) / 255 - mean[channel]) / deviation[channel] } }
    }

    /// To -1...1: PP-OCRv5 and later detectors, and every PP-OCR recognizer.
    public static let symmetric = PixelNormalization(mean: [0.5, 0.5, 0.5], deviation: [0.5, 0.5, 0.5])
    /// ImageNet's statistics: PP-OCRv4 and earlier detectors.
    public static let imageNet = PixelNormalization(mean: [0.485, 0.456, 0.406], deviation: [0.229, 0.224, 0.225])
}

extension GrayImage {
    /// This image as a `[1, 3, paddedHeight, paddedWidth]` model input: shrunk by area
    /// averaging or enlarged bilinearly to `width` x `height`, normalized, and padded on the
    /// right and below with 0 (the normalized middle gray) up to `paddedWidth` columns and
    /// `paddedHeight` rows where those are larger.
    func modelInput(width: Int, height: Int, normalization: PixelNormalization, paddedWidth: Int? = nil, paddedHeight: Int? = nil) -> NeuralTensor {
        let sized: GrayImage
        if width == self.width && height == self.height {
            sized = self
        } else if width <= self.width && height <= self.height {
            sized = resampled(width: width, height: height)
        } else {
            sized = enlargedBilinear(width: width, height: height)
        }
        let table = normalization.table
        let rowLength = max(width, paddedWidth ?? width)
        let plane = rowLength * max(height, paddedHeight ?? height)
        var values = [Float](repeating: 0, count: 3 * plane)
        values.withUnsafeMutableBufferPointer { values in
            sized.pixels.withUnsafeBufferPointer { pixels in
                for channel in 0..<3 {
                    let lookup = table[channel]
                    for y in 0..<height {
                        let target = channel * plane + y * rowLength, source = y * width
                        for x in 0..<width { values[target + x] = lookup[Int(pixels[source + x])] }
                    }
                }
            }
        }
        return NeuralTensor(shape: [1, 3, max(height, paddedHeight ?? height), rowLength], values: values)
    }

    /// This image resized to `width` x `height` by bilinear interpolation; pixel (x, y) of the
    /// result samples (x + 0.5) * scale - 0.5 of this image, edges extended.
    func enlargedBilinear(width newWidth: Int, height newHeight: Int) -> GrayImage {
        guard width > 0, height > 0, newWidth > 0, newHeight > 0 else {
            return GrayImage(width: max(0, newWidth), height: max(0, newHeight), filledWith: 0)
        }
        let scaleX = Double(width) / Double(newWidth), scaleY = Double(height) / Double(newHeight)
        var result = [UInt8](repeating: 0, count: newWidth * newHeight)
        let columns: [(Int, Int, Double)] = (0..<newWidth).map { x in
            let source = min(Double(width - 1), max(0, (Double(x) + 0.5) * scaleX - 0.5))
            let left = Int(source)
            return (left, min(left + 1, width - 1), source - Double(left))
        }
        pixels.withUnsafeBufferPointer { pixels in
            result.withUnsafeMutableBufferPointer { result in
                for y in 0..<newHeight {
                    let source = min(Double(height - 1), max(0, (Double(y) + 0.5) * scaleY - 0.5))
                    let top = Int(source), bottom = min(Int(source) + 1, height - 1)
                    let fy = source - Double(top)
                    for (x, (left, right, fx)) in columns.enumerated() {
                        let upper = Double(pixels[top * width + left]) * (1 - fx) + Double(pixels[top * width + right]) * fx
                        let lower = Double(pixels[bottom * width + left]) * (1 - fx) + Double(pixels[bottom * width + right]) * fx
                        result[y * newWidth + x] = UInt8(min(255, max(0, (upper * (1 - fy) + lower * fy).rounded())))
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The inside of `rectangle` straightened to `height` rows (and as many columns as keep its
    /// proportions, at least one and at most `maximumWidth`, squeezed to fit): column u, row v samples the point (u + 0.5) / width along
    /// its length and (v + 0.5) / height across. A line smaller than the result is enlarged
    /// bicubically (Keys' kernel, as `enlargedBicubic`), which keeps the strokes of small print
    /// sharper than bilinear; a larger one is shrunk by averaging a few bilinear samples per
    /// output pixel. Outside the image reads as its nearest edge.
    func straightened(_ rectangle: RotatedRectangle, height outputHeight: Int, maximumWidth: Int = .max) -> GrayImage {
        let scale = rectangle.thickness / Double(outputHeight)
        let outputWidth = Int(max(1, min(Double(maximumWidth), (rectangle.length / max(scale, 1e-9)).rounded())))
        let enlarging = scale < 1
        let samples = enlarging ? 1 : max(1, min(4, Int(scale.rounded(.up))))
        let ux = rectangle.direction.x, uy = rectangle.direction.y
        let vx = -uy, vy = ux
        let stepAlong = rectangle.length / Double(outputWidth), stepAcross = rectangle.thickness / Double(outputHeight)
        let originAlong = -rectangle.length / 2, originAcross = -rectangle.thickness / 2
        var result = [UInt8](repeating: 0, count: outputWidth * outputHeight)
        let lastX = Double(width - 1), lastY = Double(height - 1)
        let width = self.width, height = self.height
        pixels.withUnsafeBufferPointer { pixels in
            func bilinear(_ x: Double, _ y: Double) -> Double {
                let x = min(lastX, max(0, x - 0.5)), y = min(lastY, max(0, y - 0.5))
                let left = Int(x), top = Int(y)
                let right = min(left + 1, width - 1), bottom = min(top + 1, height - 1)
                let fx = x - Double(left), fy = y - Double(top)
                let upper = Double(pixels[top * width + left]) * (1 - fx) + Double(pixels[top * width + right]) * fx
                let lower = Double(pixels[bottom * width + left]) * (1 - fx) + Double(pixels[bottom * width + right]) * fx
                return upper * (1 - fy) + lower * fy
            }
            func bicubic(_ x: Double, _ y: Double) -> Double {
                let x = x - 0.5, y = y - 0.5
                let left = Int(x.rounded(.down)), top = Int(y.rounded(.down))
                let fx = x - Double(left), fy = y - Double(top)
                var sum = 0.0
                for j in 0..<4 {
                    let row = min(height - 1, max(0, top - 1 + j)) * width
                    var line = 0.0
                    for i in 0..<4 {
                        line += Double(pixels[row + min(width - 1, max(0, left - 1 + i))]) * GrayImage.keys(Double(i - 1) - fx)
                    }
                    sum += line * GrayImage.keys(Double(j - 1) - fy)
                }
                return sum
            }
            for v in 0..<outputHeight {
                for u in 0..<outputWidth {
                    var sum = 0.0
                    for j in 0..<samples {
                        let across = originAcross + (Double(v) + (Double(j) + 0.5) / Double(samples)) * stepAcross
                        for i in 0..<samples {
                            let along = originAlong + (Double(u) + (Double(i) + 0.5) / Double(samples)) * stepAlong
                            let x = rectangle.centre.x + along * ux + across * vx, y = rectangle.centre.y + along * uy + across * vy
                            sum += enlarging ? bicubic(x, y) : bilinear(x, y)
                        }
                    }
                    result[v * outputWidth + u] = UInt8(min(255, max(0, (sum / Double(samples * samples)).rounded())))
                }
            }
        }
        return GrayImage(width: outputWidth, height: outputHeight, pixels: result)
    }

    /// This image centred in `height` rows (at least its own), the rows above and below filled
    /// with the median shade of its first and last rows (the paper around a line).
    func paddedVertically(to height: Int) -> GrayImage {
        guard height > self.height, width > 0 else { return self }
        var border = Array(pixels[0..<width]) + Array(pixels[(self.height - 1) * width..<self.height * width])
        border.sort()
        let paper = border[border.count / 2]
        let above = (height - self.height) / 2
        var result = [UInt8](repeating: paper, count: width * height)
        result.replaceSubrange(above * width..<(above + self.height) * width, with: pixels)
        return GrayImage(width: width, height: height, pixels: result)
    }
}
