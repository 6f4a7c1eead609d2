/// A coarse summary of a gray image, for telling whether the scene changed between two
/// frames: the mean brightness of each cell of a grid laid over the image, and whether any
/// cell holds ink. Cheap to make (one pass over every second row and column) and blind to
/// sensor noise, which averages out in a cell.
public struct ImageSignature: Sendable, Equatable {
    /// Cells across and down.
    public static let columns = 32
    public static let rows = 18
    /// Mean brightness 0...255 of each cell, row by row.
    public let cells: [UInt8]
    public let imageSize: ImageSize
    /// Whether the image holds nothing but flat background (a wall, a blank page, a covered
    /// lens), so that it cannot hold text: no cell's darkest and lightest sampled pixels are
    /// `inkContrast` or more apart (ink on paper is; sensor noise and lighting gradients within
    /// a cell are not).
    public let isBlank: Bool
    public static let inkContrast = 48

    public init(_ image: GrayImage) {
        imageSize = image.size
        let count = Self.columns * Self.rows
        guard image.width > 0, image.height > 0 else {
            cells = [UInt8](repeating: 0, count: count)
            isBlank = true
            return
        }
        var sums = [Int](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: count)
        var low = [UInt8](repeating: 255, count: count)
        var high = [UInt8](repeating: 0, count: count)
        // Every second row and column is enough for a mean, and strokes at 720p are wider. The
        // sampled columns of a cell are a run (sample i is column 2i): each row adds up a run
        // in locals and writes its cell once.
        var runStarts = [Int](repeating: 0, count: Self.columns + 1)
        var sample = 0
        for column in 0..<Self.columns {
            runStarts[column] = sample
            while 2 * sample < image.width, 2 * sample * Self.columns / image.width == column { sample += 1 }
        }
        runStarts[Self.columns] = sample
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let first = pixels.baseAddress else { return }
            for y in stride(from: 0, to: image.height, by: 2) {
                let row = y * Self.rows / image.height * Self.columns
                let line = first + y * image.width
                for column in 0..<Self.columns {
                    let start = runStarts[column], end = runStarts[column + 1]
                    guard start < end else { continue }
                    var sum = 0, darkest: UInt8 = 255, lightest: UInt8 = 0
                    for index in start..<end {
                        let value = line[2 * index]
                        sum += Int(value)
                        darkest = min(darkest, value)
                        lightest = max(lightest, value)
                    }
                    let cell = row + column
                    sums[cell] += sum
                    counts[cell] += end - start
                    low[cell] = min(low[cell], darkest)
                    high[cell] = max(high[cell], lightest)
                }
            }
        }
        cells = zip(sums, counts).map { UInt8($1 == 0 ? 0 : $0 / $1) }
        isBlank = !zip(low, high).contains { Int($1) - Int($0) >= Self.inkContrast }
    }

    /// How far apart two signatures are: the largest difference in mean brightness of any
    /// cell, 0...255. Different image sizes are 255 apart.
    public func difference(from other: ImageSignature) -> Int {
        guard imageSize == other.imageSize else { return 255 }
        return zip(cells, other.cells).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The difference below which two frames show the same still scene: sensor noise and
    /// compression move a cell's mean by a level or two; a page turned or moved by a line
    /// moves some cell by far more.
    public static let stillThreshold = 6

    /// Whether `other` shows the same still scene.
    public func isSameScene(as other: ImageSignature) -> Bool {
        difference(from: other) < Self.stillThreshold
    }
}
