/// A coarse summary of a gray image, for telling whether the scene changed between two
/// frames: the mean brightness of each cell of a grid laid over the image. Cheap to make
/// (one pass over the pixels) and blind to sensor noise, which averages out in a cell.
public struct ImageSignature: Sendable, Equatable {
    /// Cells across and down.
    public static let columns = 32
    public static let rows = 18
    /// Mean brightness 0...255 of each cell, row by row.
    public let cells: [UInt8]
    public let imageSize: ImageSize

    public init(_ image: GrayImage) {
        imageSize = image.size
        var sums = [Int](repeating: 0, count: Self.columns * Self.rows)
        var counts = [Int](repeating: 0, count: Self.columns * Self.rows)
        guard image.width > 0, image.height > 0 else {
            cells = [UInt8](repeating: 0, count: sums.count)
            return
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            // Every second row and column is enough for a mean.
            for y in stride(from: 0, to: image.height, by: 2) {
                let row = y * Self.rows / image.height * Self.columns
                let base = y * image.width
                for x in stride(from: 0, to: image.width, by: 2) {
                    let cell = row + x * Self.columns / image.width
                    sums[cell] += Int(pixels[base + x])
                    counts[cell] += 1
                }
            }
        }
        cells = zip(sums, counts).map { UInt8($1 == 0 ? 0 : $0 / $1) }
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
