/// How a stored frame relates to the upright scene: the EXIF orientation values 1-8 with
/// Vision's `CGImagePropertyOrientation` names. The value says what to do to the stored pixels
/// to see the scene upright, e.g. `.right` (6): the top of the scene is at the stored image's
/// right edge, so the image must be turned 90 degrees clockwise.
public enum ImageOrientation: UInt8, CaseIterable, Sendable {
    /// 1: already upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180 degrees.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored across the main diagonal (transposed).
    case leftMirrored = 5
    /// 6: needs a 90 degree clockwise turn.
    case right = 6
    /// 7: mirrored across the anti-diagonal (transversed).
    case rightMirrored = 7
    /// 8: needs a 90 degree counter-clockwise turn.
    case left = 8

    /// Vision's name, as used on the command line and in the JSON output.
    public var name: String {
        switch self {
        case .up: "up"
        case .upMirrored: "upMirrored"
        case .down: "down"
        case .downMirrored: "downMirrored"
        case .leftMirrored: "leftMirrored"
        case .right: "right"
        case .rightMirrored: "rightMirrored"
        case .left: "left"
        }
    }

    /// The orientation with Vision's name `name`, or the EXIF number as text ("1"..."8").
    public init?(name: String) {
        if let number = UInt8(name), let value = ImageOrientation(rawValue: number) {
            self = value
            return
        }
        guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = value
    }

    /// Whether turning upright swaps width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The size of the upright image for a stored image of `size`.
    public func uprightSize(of size: ImageSize) -> ImageSize {
        swapsDimensions ? ImageSize(width: size.height, height: size.width) : size
    }

    /// The stored pixel that appears at upright pixel (`u`, `v`), for a stored image of size
    /// `storedSize`. Integer pixel indices, origin top-left.
    @inlinable
    public func storedPixel(forUpright u: Int, _ v: Int, storedSize: ImageSize) -> (x: Int, y: Int) {
        let w = storedSize.width
        let h = storedSize.height
        switch self {
        case .up: return (u, v)
        case .upMirrored: return (w - 1 - u, v)
        case .down: return (w - 1 - u, h - 1 - v)
        case .downMirrored: return (u, h - 1 - v)
        case .leftMirrored: return (v, u)
        case .right: return (v, h - 1 - u)
        case .rightMirrored: return (w - 1 - v, h - 1 - u)
        case .left: return (w - 1 - v, u)
        }
    }

    /// The stored point that appears at upright point `point`, for a stored image of size
    /// `storedSize`: continuous pixel coordinates (a pixel's top-left corner at its indices),
    /// origin top-left, so corners of a box map to corners.
    public func storedPoint(forUpright point: PixelPoint, storedSize: ImageSize) -> PixelPoint {
        let w = Double(storedSize.width)
        let h = Double(storedSize.height)
        let (u, v) = (point.x, point.y)
        switch self {
        case .up: return PixelPoint(x: u, y: v)
        case .upMirrored: return PixelPoint(x: w - u, y: v)
        case .down: return PixelPoint(x: w - u, y: h - v)
        case .downMirrored: return PixelPoint(x: u, y: h - v)
        case .leftMirrored: return PixelPoint(x: v, y: u)
        case .right: return PixelPoint(x: v, y: h - u)
        case .rightMirrored: return PixelPoint(x: w - v, y: h - u)
        case .left: return PixelPoint(x: w - v, y: u)
        }
    }
}

extension GrayImage {
    /// This stored image turned upright, given how it is oriented. The upright image is filled
    /// in square tiles, so that a quarter turn reads the stored rows a tile at a time rather
    /// than a column at a time across the whole image.
    public func turnedUpright(from orientation: ImageOrientation) -> GrayImage {
        if orientation == .up { return self }
        let stored = size
        let upright = orientation.uprightSize(of: stored)
        guard upright.width > 0, upright.height > 0 else { return self }
        // The stored pixel of upright (u, v) is affine in u and v: its index in `pixels` is
        // `origin + u * alongU + v * alongV`.
        let corner = orientation.storedPixel(forUpright: 0, 0, storedSize: stored)
        let nextU = orientation.storedPixel(forUpright: min(1, upright.width - 1), 0, storedSize: stored)
        let nextV = orientation.storedPixel(forUpright: 0, min(1, upright.height - 1), storedSize: stored)
        let origin = corner.y * stored.width + corner.x
        let alongU = (nextU.y - corner.y) * stored.width + (nextU.x - corner.x)
        let alongV = (nextV.y - corner.y) * stored.width + (nextV.x - corner.x)
        let tile = 64
        let out = [UInt8](unsafeUninitializedCapacity: pixels.count) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                // Every pixel of the upright image is written below.
                initialized = source.count
                // A quarter turn (each upright row a stored column) moves 8x8 blocks: eight
                // stored runs of 8 bytes read as words, turned into eight upright runs
                // (`transposedBytes`); the pixels past the last whole block one by one.
                let blocks = abs(alongV) == 1 && abs(alongU) == stored.width
                let blockWidth = blocks ? upright.width / 8 * 8 : 0, blockHeight = blocks ? upright.height / 8 * 8 : 0
                for v0 in stride(from: 0, to: upright.height, by: tile) {
                    let v1 = min(v0 + tile, upright.height)
                    for u0 in stride(from: 0, to: upright.width, by: tile) {
                        let u1 = min(u0 + tile, upright.width)
                        if v1 <= blockHeight, u1 <= blockWidth {
                            let raw = UnsafeRawPointer(from), out = UnsafeMutableRawPointer(to)
                            for bv in stride(from: v0, to: v1, by: 8) {
                                for bu in stride(from: u0, to: u1, by: 8) {
                                    // Word k: upright column bu + k, rows bv..<bv + 8, read
                                    // along the stored row (backwards where alongV is -1).
                                    var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
                                    withUnsafeMutableBytes(of: &words) { words in
                                        for k in 0..<8 {
                                            let start = origin + (bu + k) * alongU + bv * alongV
                                            let word = alongV == 1
                                                ? raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                                                : raw.loadUnaligned(fromByteOffset: start - 7, as: UInt64.self).byteSwapped
                                            words.storeBytes(of: word, toByteOffset: 8 * k, as: UInt64.self)
                                        }
                                    }
                                    Self.transposeBytes(&words)
                                    withUnsafeBytes(of: &words) { words in
                                        for k in 0..<8 {
                                            out.storeBytes(
                                                of: words.load(fromByteOffset: 8 * k, as: UInt64.self),
                                                toByteOffset: (bv + k) * upright.width + bu, as: UInt64.self)
                                        }
                                    }
                                }
                            }
                            continue
                        }
                        for v in v0..<v1 {
                            let row = to + v * upright.width
                            var index = origin + u0 * alongU + v * alongV
                            for u in u0..<u1 {
                                row[u] = from[index]
                                index += alongU
                            }
                        }
                    }
                }
            }
        }
        return GrayImage(width: upright.width, height: upright.height, pixels: out)
    }

    /// Eight words of eight bytes (byte c of word r: row r, column c, little-endian) turned
    /// into their transpose (byte c of word r becomes byte r of word c), by swapping ever
    /// larger blocks: single bytes in 2x2 blocks, pairs in 4x4 blocks, fours in the whole.
    private static func transposeBytes(_ w: inout (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        @inline(__always) func swap(_ a: inout UInt64, _ b: inout UInt64, shift: UInt64, mask: UInt64) {
            let t = ((a >> shift) ^ b) & mask
            b ^= t
            a ^= t << shift
        }
        let ones: UInt64 = 0x00FF_00FF_00FF_00FF, twos: UInt64 = 0x0000_FFFF_0000_FFFF, fours: UInt64 = 0x0000_0000_FFFF_FFFF
        swap(&w.0, &w.1, shift: 8, mask: ones)
        swap(&w.2, &w.3, shift: 8, mask: ones)
        swap(&w.4, &w.5, shift: 8, mask: ones)
        swap(&w.6, &w.7, shift: 8, mask: ones)
        swap(&w.0, &w.2, shift: 16, mask: twos)
        swap(&w.1, &w.3, shift: 16, mask: twos)
        swap(&w.4, &w.6, shift: 16, mask: twos)
        swap(&w.5, &w.7, shift: 16, mask: twos)
        swap(&w.0, &w.4, shift: 32, mask: fours)
        swap(&w.1, &w.5, shift: 32, mask: fours)
        swap(&w.2, &w.6, shift: 32, mask: fours)
        swap(&w.3, &w.7, shift: 32, mask: fours)
    }
}
