import ScryCore
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

    /// Writes `image` binarized into `words`, Leptonica's 1-bit layout: `wordsPerRow` 32-bit
    /// words a row, the leftmost pixel in a word's highest bit, a set bit for ink.
    public func packInk(of image: GrayImage, into words: UnsafeMutablePointer<UInt32>, wordsPerRow: Int) {
        precondition(wordsPerRow >= (image.width + 31) / 32, "packInk: \(wordsPerRow) words a row for width \(image.width)")
        let limit = Int32(threshold)
        let inkIsAbove = foregroundIsAbove
        let isEmpty = self.isEmpty
        let width = image.width
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let source = pixels.baseAddress! + y * width
                let row = words + y * wordsPerRow
                var x = 0
                var word = 0
                while x < width {
                    let count = min(32, width - x)
                    var bits: UInt32 = 0
                    if !isEmpty {
                        let run = source + x
                        // Branch-free: the sign bit of a difference says which side a pixel is on.
                        if inkIsAbove {
                            for index in 0..<count {
                                bits = bits << 1 | UInt32(bitPattern: (limit &- Int32(run[index])) >> 31) & 1
                            }
                        } else {
                            for index in 0..<count {
                                bits = bits << 1 | UInt32(bitPattern: (Int32(run[index]) &- limit &- 1) >> 31) & 1
                            }
                        }
                        bits <<= UInt32(32 - count)
                    }
                    row[word] = bits
                    word += 1
                    x += count
                }
                for rest in word..<wordsPerRow { row[rest] = 0 }
            }
        }
    }
}
