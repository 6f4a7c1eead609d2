import ScryCore

/// A colour as red, green and blue bytes.
public typealias RGBColour = (red: UInt8, green: UInt8, blue: UInt8)

/// An RGB picture being drawn on: lines of any width, filled rectangles, and glyphs blended by
/// their coverage. Coordinates are pixels from the top-left; what falls outside is clipped.
struct PictureCanvas {
    let width: Int
    let height: Int
    /// `width * height * 3` bytes: red, green, blue of each pixel in turn.
    private(set) var pixels: [UInt8]

    /// A white canvas of `width` by `height` with `image` (gray) at its top-left corner.
    init(_ image: GrayImage, width: Int, height: Int) {
        precondition(width >= image.width && height >= image.height)
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                var o = y * width * 3
                for x in 0..<image.width {
                    let value = source[y * image.width + x]
                    pixels[o] = value
                    pixels[o + 1] = value
                    pixels[o + 2] = value
                    o += 3
                }
            }
        }
        self.pixels = pixels
    }

    var image: ColourImage { ColourImage(width: width, height: height, pixels: pixels) }

    /// Mixes `colour` into the pixel at (`x`, `y`) by `amount` (0 nothing, 255 all).
    @inline(__always)
    private mutating func blend(_ x: Int, _ y: Int, _ colour: RGBColour, amount: Int) {
        guard x >= 0, y >= 0, x < width, y < height, amount > 0 else { return }
        let o = (y * width + x) * 3
        if amount >= 255 {
            pixels[o] = colour.red
            pixels[o + 1] = colour.green
            pixels[o + 2] = colour.blue
            return
        }
        let keep = 255 - amount
        pixels[o] = UInt8((Int(pixels[o]) * keep + Int(colour.red) * amount + 127) / 255)
        pixels[o + 1] = UInt8((Int(pixels[o + 1]) * keep + Int(colour.green) * amount + 127) / 255)
        pixels[o + 2] = UInt8((Int(pixels[o + 2]) * keep + Int(colour.blue) * amount + 127) / 255)
    }

    /// Fills the rectangle at (`x`, `y`) of `width` by `height` with `colour`, mixed in by
    /// `opacity` (0...1).
    mutating func fill(x: Int, y: Int, width: Int, height: Int, _ colour: RGBColour, opacity: Double = 1) {
        let amount = Int((opacity * 255).rounded())
        for row in max(0, y)..<max(max(0, y), min(self.height, y + height)) {
            for column in max(0, x)..<max(max(0, x), min(self.width, x + width)) { blend(column, row, colour, amount: amount) }
        }
    }

    /// A straight stroke from `a` to `b`, `lineWidth` pixels wide with round ends (so that
    /// strokes meeting at a corner join without a notch), its edge smoothed over one pixel.
    /// With `keeps`, only the pixels it keeps are drawn (told the pixel and how far along the
    /// stroke it lies, in pixels).
    mutating func stroke(
        from a: PixelPoint, to b: PixelPoint, lineWidth: Double, _ colour: RGBColour,
        where keeps: ((_ x: Int, _ y: Int, _ along: Double) -> Bool)? = nil
    ) {
        let radius = max(0.5, lineWidth / 2)
        let minX = Int((min(a.x, b.x) - radius - 1).rounded(.down)), maxX = Int((max(a.x, b.x) + radius + 1).rounded(.up))
        let minY = Int((min(a.y, b.y) - radius - 1).rounded(.down)), maxY = Int((max(a.y, b.y) + radius + 1).rounded(.up))
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        for y in max(0, minY)...max(max(0, minY), min(height - 1, maxY)) where y < height {
            for x in max(0, minX)...max(max(0, minX), min(width - 1, maxX)) where x < width {
                // The pixel's centre, against the segment.
                let px = Double(x) + 0.5 - a.x, py = Double(y) + 0.5 - a.y
                let t = lengthSquared > 0 ? min(1, max(0, (px * dx + py * dy) / lengthSquared)) : 0
                let ex = px - t * dx, ey = py - t * dy
                let distance = (ex * ex + ey * ey).squareRoot()
                let amount = Int((min(1, max(0, radius + 0.5 - distance)) * 255).rounded())
                if amount > 0, let keeps, !keeps(x, y, t * lengthSquared.squareRoot()) { continue }
                blend(x, y, colour, amount: amount)
            }
        }
    }

    /// Strokes through `points` in turn, back to the first when `closed`.
    mutating func stroke(
        _ points: [PixelPoint], closed: Bool, lineWidth: Double, _ colour: RGBColour,
        where keeps: ((_ x: Int, _ y: Int, _ along: Double) -> Bool)? = nil
    ) {
        guard let first = points.first else { return }
        if points.count == 1 {
            stroke(from: first, to: first, lineWidth: lineWidth, colour, where: keeps)
            return
        }
        for (a, b) in zip(points, points.dropFirst()) { stroke(from: a, to: b, lineWidth: lineWidth, colour, where: keeps) }
        if closed, points.count > 2, let last = points.last { stroke(from: last, to: first, lineWidth: lineWidth, colour, where: keeps) }
    }

    /// Blends `glyph` in `colour` with its pen position at (`x`, `baseline`).
    mutating func draw(_ glyph: FontGlyphs.Glyph, x: Int, baseline: Int, _ colour: RGBColour) {
        let left = x + glyph.left, top = baseline - glyph.top
        for row in 0..<glyph.height {
            for column in 0..<glyph.width {
                blend(left + column, top + row, colour, amount: Int(glyph.coverage[row * glyph.width + column]))
            }
        }
    }
}
