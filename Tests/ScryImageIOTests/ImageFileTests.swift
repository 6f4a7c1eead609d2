import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

@Test func readsEveryCommonFormatToTheSameGray() throws {
    let directory = try makeTemporaryDirectory()
    let png = directory.appendingPathComponent("a.png").path
    // A gradient with a black square: lossless formats must agree pixel for pixel.
    try runTool("convert", ["-size", "64x48", "gradient:white-black", "-fill", "black",
                            "-draw", "rectangle 10,10 20,20", "-colorspace", "Gray", "-depth", "8", png])
    let reference = try ImageFile.readGray(path: FilePath(png))
    #expect(reference.width == 64 && reference.height == 48)
    #expect(reference[15, 15] == 0)
    // Leptonica reads classic (v3) 24-bit BMP, not ImageMagick's default v5 gray BMP.
    for (ext, prefix, extra) in [("pgm", "", []), ("tif", "", []), ("gif", "", []), ("bmp", "BMP3:", ["-type", "TrueColor"])] {
        let path = directory.appendingPathComponent("a.\(ext)").path
        try runTool("convert", [png, "-depth", "8"] + extra + [prefix + path])
        #expect(try ImageFile.readGray(path: FilePath(path)) == reference, "\(ext)")
    }
    for ext in ["jpg", "webp"] {
        let path = directory.appendingPathComponent("a.\(ext)").path
        try runTool("convert", [png, "-quality", "95", path])
        let lossy = try ImageFile.readGray(path: FilePath(path))
        let error = zip(lossy.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(error < 24, "\(ext): max error \(error)")
    }
}

@Test func colourAndTransparencyBecomeGrayOnWhite() throws {
    let directory = try makeTemporaryDirectory()
    let path = directory.appendingPathComponent("rgba.png").path
    try runTool("convert", ["-size", "8x8", "xc:none", "-fill", "red", "-draw", "point 1,1", path])
    let image = try ImageFile.readGray(path: FilePath(path))
    #expect(image[0, 0] == 255)
    #expect(image[1, 1] < 128)
}

@Test func badFilesGiveTheirOwnErrors() throws {
    let directory = try makeTemporaryDirectory()
    let empty = directory.appendingPathComponent("empty.png")
    try Data().write(to: empty)
    let text = directory.appendingPathComponent("text.png")
    try Data("not an image at all".utf8).write(to: text)
    let truncated = directory.appendingPathComponent("truncated.png")
    try runTool("convert", ["-size", "300x300", "plasma:", directory.appendingPathComponent("full.png").path])
    try Data(try Data(contentsOf: directory.appendingPathComponent("full.png")).prefix(200)).write(to: truncated)

    #expect(throws: ImageFileError.empty) { try ImageFile.readGray(path: FilePath(empty.path)) }
    #expect(throws: ImageFileError.undecodable) { try ImageFile.readGray(path: FilePath(text.path)) }
    #expect(throws: ImageFileError.undecodable) { try ImageFile.readGray(path: FilePath(truncated.path)) }
    #expect(throws: ImageFileError.cannotOpen(.noSuchFileOrDirectory)) {
        try ImageFile.readGray(path: "/nonexistent/x.png")
    }
    #expect(throws: ImageFileError.cannotOpen(.isDirectory)) { try ImageFile.readGray(path: FilePath(directory.path)) }
}

@Test func pngRoundTrips() throws {
    let pixels = (0..<(37 * 23)).map { UInt8(truncatingIfNeeded: $0 * 13) }
    let image = GrayImage(width: 37, height: 23, pixels: pixels)
    let path = FilePath(try makeTemporaryDirectory().appendingPathComponent("out.png").path)
    try ImageFile.writePNG(image, to: path)
    #expect(try ImageFile.readGray(path: path) == image)
}
