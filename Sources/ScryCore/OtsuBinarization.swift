/// The global Otsu binarization tesseract 5 applies to a gray image before layout analysis
/// (its `thresholding_method` 0), computed here so a layout pass can be handed the binary
/// image and skip tesseract's own, slower thresholding. Same threshold, same foreground
/// choice, same pixels: tesseract's layout of the binary image equals its layout of the gray.
public struct OtsuBinarization: Sendable, Equatable {
    /// The threshold: a pixel is on one side of it when its gray level is above it.
    public var threshold: Int
    /// Which pixels are foreground (ink): those at or below the threshold (dark text on a
    /// light ground), or those above it (light text on a dark ground).
    public var foregroundIsAbove: Bool
    /// Whether the image has a single gray level, where nothing is foreground.
    public var isEmpty: Bool

    /// Tesseract's choice for `image`: the threshold that maximizes the between-class
    /// variance of the histogram (the lowest such threshold), and as foreground the class
    /// holding the smaller share of the pixels.
    public init(of image: GrayImage) {
        var histogram = [Int](repeating: 0, count: 256)
        image.pixels.withUnsafeBufferPointer { pixels in
            histogram.withUnsafeMutableBufferPointer { counts in
                for value in pixels { counts[Int(value)] &+= 1 }
            }
        }
        self.init(histogram: histogram)
    }

    /// The choice for a 256-bin histogram of gray levels.
    public init(histogram: [Int]) {
        precondition(histogram.count == 256, "OtsuBinarization: \(histogram.count) bins")
        var total = 0
        var totalMoment = 0.0
        for (level, count) in histogram.enumerated() {
            total += count
            totalMoment += Double(level) * Double(count)
        }
        var bestThreshold = -1
        var bestBelow = 0
        var bestVariance = 0.0
        var below = 0
        var belowMoment = 0.0
        for level in 0..<255 {
            below += histogram[level]
            belowMoment += Double(level) * Double(histogram[level])
            if below == 0 { continue }
            let above = total - below
            if above == 0 { break }
            let difference = (totalMoment - belowMoment) / Double(above) - belowMoment / Double(below)
            // In tesseract's order of operations, so equal variances compare equal.
            let variance = difference * (difference * Double(below) * Double(above))
            if bestThreshold < 0 || variance > bestVariance {
                bestVariance = variance
                bestThreshold = level
                bestBelow = below
            }
        }
        threshold = bestThreshold
        isEmpty = bestBelow == 0 || bestBelow == total
        // Tesseract's rule for one channel: a class under a quarter (or, failing a clear
        // answer, under half) of the pixels is the ink.
        foregroundIsAbove = !isEmpty && Double(bestBelow) >= Double(total) * 0.5
    }

    /// `image` binarized, packed 8 pixels a byte with the leftmost in the high bit, each row
    /// padded to whole bytes, a set bit for background and a clear bit for ink: the form
    /// tesseract takes binary images in (`bytesPerRow` bytes a row).
    public func packedRows(of image: GrayImage) -> (bytes: [UInt8], bytesPerRow: Int) {
        let bytesPerRow = (image.width + 7) / 8
        var bytes = [UInt8](repeating: 0xFF, count: bytesPerRow * image.height)
        guard !isEmpty else { return (bytes, bytesPerRow) }
        let threshold = UInt8(clamping: self.threshold)
        let width = image.width
        // A pixel is background (a set bit) above the threshold for dark ink, at or below it
        // for light ink; eight pixels make a byte.
        let backgroundIsAbove = !foregroundIsAbove
        image.pixels.withUnsafeBufferPointer { pixels in
            bytes.withUnsafeMutableBufferPointer { out in
                for y in 0..<image.height {
                    var source = pixels.baseAddress! + y * width
                    var target = out.baseAddress! + y * bytesPerRow
                    var remaining = width
                    while remaining >= 8 {
                        var byte: UInt8 = 0
                        for index in 0..<8 {
                            byte = byte << 1 | ((source[index] > threshold) == backgroundIsAbove ? 1 : 0)
                        }
                        target.pointee = byte
                        target += 1
                        source += 8
                        remaining -= 8
                    }
                    if remaining > 0 {
                        // The last byte's padding bits stay set (background).
                        var byte: UInt8 = 0xFF
                        for index in 0..<remaining where (source[index] > threshold) != backgroundIsAbove {
                            byte &= ~(0x80 >> UInt8(index))
                        }
                        target.pointee = byte
                    }
                }
            }
        }
        return (bytes, bytesPerRow)
    }
}
