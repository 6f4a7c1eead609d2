/// An 8-bit colour image: red, green and blue bytes per pixel, rows top to bottom with no
/// padding. Detectors that want colour (faces) work on reduced copies of a frame made by
/// `ColourImage(reducing:orientation:scale:)`.
public struct ColourImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue of each pixel in turn.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3, "pixels do not fill the image")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: ImageSize { ImageSize(width: width, height: height) }

    /// The pixel at (`x`, `y`), origin top-left.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }
}
