import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// Writes the EXIF orientation tag with exiftool, which puts it where each format keeps it:
/// a JPEG's APP1 segment, a PNG's eXIf chunk, a TIFF's first directory, a WebP's EXIF chunk.
func tagged(_ path: String, orientation: Int) throws {
    try runTool("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(orientation)", path])
}

@Test(arguments: ["jpg", "png", "tiff", "webp"])
func exifOrientationIsFoundInEveryFormat(_ format: String) throws {
    let directory = try makeTemporaryDirectory()
    let plain = directory.appendingPathComponent("plain.\(format)").path
    try runTool("convert", ["-size", "30x20", "xc:white", plain])
    // A TIFF always records an orientation, 1 (up) unless told otherwise; the others none.
    #expect(ExifOrientation.find(in: try ImageFile.readBytes(path: FilePath(plain))) == (format == "tiff" ? .up : nil))
    for orientation in ImageOrientation.allCases {
        let path = directory.appendingPathComponent("\(orientation.name).\(format)").path
        try runTool("convert", ["-size", "30x20", "xc:white", path])
        try tagged(path, orientation: Int(orientation.rawValue))
        #expect(ExifOrientation.find(in: try ImageFile.readBytes(path: FilePath(path))) == orientation, "\(format) \(orientation.name)")
        let decoded = try ImageFile.read(path: FilePath(path))
        if format == "tiff" {
            // Leptonica applies a TIFF's orientation itself: nothing is left to apply.
            #expect(decoded.exifOrientation == nil)
            #expect(decoded.gray.size == orientation.uprightSize(of: ImageSize(width: 30, height: 20)))
        } else {
            #expect(decoded.exifOrientation == orientation, "\(format) \(orientation.name)")
            #expect(decoded.gray.width == 30 && decoded.gray.height == 20)
        }
    }
}

/// A picture stored turned, tagged with the orientation that turns it back: upright, every
/// format gives the same picture (a TIFF turned by Leptonica, the others by Scry).
@Test(arguments: ["jpg", "png", "tiff", "webp"])
func taggedPicturesComeOutUpright(_ format: String) throws {
    let directory = try makeTemporaryDirectory()
    // Upright: 60x40, a black block at the top-left corner.
    let upright = directory.appendingPathComponent("upright.png").path
    try runTool("convert", ["-size", "60x40", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 19,9", upright])
    for (orientation, transform) in [(ImageOrientation.right, ["-rotate", "-90"]), (.down, ["-rotate", "180"]),
                                     (.left, ["-rotate", "90"]), (.upMirrored, ["-flop"])] {
        let stored = directory.appendingPathComponent("\(orientation.name).\(format)").path
        try runTool("convert", [upright] + transform + ["-quality", "100", stored])
        try tagged(stored, orientation: Int(orientation.rawValue))
        let decoded = try ImageFile.read(path: FilePath(stored))
        let image = decoded.exifOrientation.map { decoded.gray.turnedUpright(from: $0) } ?? decoded.gray
        #expect(image.width == 60 && image.height == 40, "\(format) \(orientation.name)")
        guard image.width == 60 && image.height == 40 else { continue }
        #expect(image.pixels[2 * 60 + 2] < 64, "\(format) \(orientation.name): top-left should be dark")
        #expect(image.pixels[37 * 60 + 57] > 192, "\(format) \(orientation.name): bottom-right should be light")
    }
}

@Test func damagedExifGivesNoOrientationAndNoTrap() throws {
    let directory = try makeTemporaryDirectory()
    let path = directory.appendingPathComponent("turned.jpg").path
    try runTool("convert", ["-size", "30x20", "xc:white", path])
    try tagged(path, orientation: 6)
    let bytes = try ImageFile.readBytes(path: FilePath(path))
    #expect(ExifOrientation.find(in: bytes) == .right)
    // Every prefix, and every single byte set to 0xFF, parses without trapping.
    for length in 0..<min(bytes.count, 400) { _ = ExifOrientation.find(in: Array(bytes.prefix(length))) }
    for index in 0..<min(bytes.count, 400) {
        var damaged = bytes
        damaged[index] = 0xFF
        _ = ExifOrientation.find(in: damaged)
    }
}
