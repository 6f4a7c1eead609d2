import ScryCore

/// Where the face detector looks in an image: a few reduced copies of it (levels), each cut
/// into the model's 192x192 tiles. The model finds faces from about 16 pixels wide in a tile,
/// so the finest level makes the smallest wanted face `faceSideInTile` pixels wide; each next
/// level is three times smaller, and the last holds the whole image in one tile, for faces
/// too large to fit a tile of the finer levels.
public struct FaceScanPlan: Sendable, Equatable {
    /// One reduced copy of the image and its tiles.
    public struct Level: Sendable, Equatable {
        /// Reduced size over upright size (at most 1).
        public var scale: Double
        /// The reduced image's size.
        public var size: ImageSize
        /// Each tile's top-left corner in the reduced image. A tile reaching past the reduced
        /// image is padded with black.
        public var tiles: [(x: Int, y: Int)]

        public static func == (a: Level, b: Level) -> Bool {
            a.scale == b.scale && a.size == b.size && a.tiles.map { [$0.x, $0.y] } == b.tiles.map { [$0.x, $0.y] }
        }
    }

    /// How wide the smallest wanted face is made in a tile of the finest level.
    public static let faceSideInTile = 18.0
    /// Tiles of a level start at most this many pixels apart, evenly spread, so neighbours
    /// overlap by at least 42 pixels and a face up to that size lies whole inside one of them.
    public static let tileStride = 150

    public var levels: [Level]

    /// The plan for an upright image of `size`, for faces from `minimumFaceWidth` pixels wide.
    public init(for size: ImageSize, minimumFaceWidth: Double) {
        let side = BlazeFaceDecoding.inputSide
        let whole = min(1, Double(side) / Double(max(size.width, size.height, 1)))
        var scale = min(1, Self.faceSideInTile / max(minimumFaceWidth, 1))
        var levels: [Level] = []
        while true {
            let reduced = Self.reducedSize(size, scale: scale)
            // A level that would need little more than one tile gives way to the whole image.
            if scale <= whole * 1.5 || max(reduced.width, reduced.height) <= side {
                let fitted = Self.reducedSize(size, scale: whole)
                levels.append(Level(scale: whole, size: fitted, tiles: [(0, 0)]))
                break
            }
            let tiles = Self.starts(reduced.height).flatMap { y in Self.starts(reduced.width).map { x in (x: x, y: y) } }
            levels.append(Level(scale: scale, size: reduced, tiles: tiles))
            scale /= 3
        }
        self.levels = levels
    }

    /// The reduced size as `ColourImage(reducing:orientation:scale:)` makes it.
    static func reducedSize(_ size: ImageSize, scale: Double) -> ImageSize {
        ImageSize(
            width: max(1, Int((Double(size.width) * scale).rounded())),
            height: max(1, Int((Double(size.height) * scale).rounded())))
    }

    /// Tile starts along a side of `length`: as few tiles as cover it with starts at most
    /// `tileStride` apart, evenly spread, the first at 0 and the last flush with the end.
    static func starts(_ length: Int) -> [Int] {
        let side = BlazeFaceDecoding.inputSide
        guard length > side else { return [0] }
        let span = length - side
        let gaps = (span + tileStride - 1) / tileStride
        return (0...gaps).map { ($0 * span + gaps / 2) / gaps }
    }

    /// Tiles in all, one inference each.
    public var tileCount: Int { levels.reduce(0) { $0 + $1.tiles.count } }
}
