import Foundation
import ScryCore
import ScryDumps
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

/// The message of the `undecodable` error that reading `file` throws ("" for none; nil, with
/// an issue recorded, when it throws another error or none).
private func undecodableMessage(_ file: URL) -> String? {
    do {
        _ = try ImageFile.readGray(path: FilePath(file.path))
    } catch .undecodable(let message) {
        return message ?? ""
    } catch {
        Issue.record("\(file.lastPathComponent): \(error)")
        return nil
    }
    Issue.record("\(file.lastPathComponent) was read")
    return nil
}

@Test func badFilesGiveTheirOwnErrors() throws {
    let directory = try makeTemporaryDirectory()
    let empty = directory.appendingPathComponent("empty.png")
    try Data().write(to: empty)
    let text = directory.appendingPathComponent("text.png")
    try Data("not an image at all".utf8).write(to: text)
    let truncated = directory.appendingPathComponent("truncated.png")
    try runTool("convert", ["-seed", "7", "-size", "300x300", "plasma:", directory.appendingPathComponent("full.png").path])
    try Data(try Data(contentsOf: directory.appendingPathComponent("full.png")).prefix(200)).write(to: truncated)

    #expect(throws: ImageFileError.empty) { try ImageFile.readGray(path: FilePath(empty.path)) }
    // libpng's own complaint comes back inside the error instead of on stderr. Descriptor 2 is
    // the process's: what tests running beside this one write meanwhile is captured too, so
    // the complaint is looked for within the message.
    #expect(!(undecodableMessage(text) ?? "").contains("libpng"))
    #expect(undecodableMessage(truncated)?.contains("libpng error: read error in memio_png_read_data") == true)
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

@Test func aDeviceThatIsNoImageIsRefusedAtItsFirstBlock() {
    // /dev/zero never ends: refused after its first 64 KiB instead of read to the size limit.
    #expect(throws: ImageFileError.undecodable(nil)) { try ImageFile.read(path: "/dev/zero") }
}

@Test func aHeaderClaimingTooManyPixelsIsRefusedBeforeDecoding() throws {
    // A PNG signature, an IHDR of 100000x100000 8-bit gray and an IEND: no image data at all.
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    png += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 0, 0, 0, 0]
    var crc = CRC32()
    crc.update(png[12...])
    png += withUnsafeBytes(of: crc.value.bigEndian, Array.init)
    png += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    #expect(throws: ImageFileError.tooManyPixels(width: 100000, height: 100000, limit: ImageFile.maximumPixels)) {
        try ImageFile.decode(png)
    }
}

@Test func pagesOfMultiPageFilesAreCounted() throws {
    let directory = try makeTemporaryDirectory()
    let tiff = directory.appendingPathComponent("pages.tiff").path
    try runTool("convert", ["-size", "40x30", "xc:white", "xc:gray", "xc:black", tiff])
    let pages = try ImageFile.read(path: FilePath(tiff))
    #expect(pages.pageCount == 3)
    #expect(pages.gray.width == 40 && pages.gray.pixels.allSatisfy { $0 == 255 })
    let gif = directory.appendingPathComponent("frames.gif").path
    try runTool("convert", ["-delay", "10", "-size", "40x30", "xc:white", "xc:black", gif])
    #expect(try ImageFile.read(path: FilePath(gif)).pageCount == 2)
    let png = directory.appendingPathComponent("one.png").path
    try runTool("convert", ["-size", "40x30", "xc:white", png])
    #expect(try ImageFile.read(path: FilePath(png)).pageCount == 1)
}

@Test func colourKeptForAnRGB3FrameGivesLeptonicasGrayExactly() throws {
    let directory = try makeTemporaryDirectory()
    // A colour photo-like gradient with noise, as JPEG, PNG and PNG with transparency.
    for (name, extra) in [("c.jpg", [String]()), ("c.png", []), ("a.png", ["-alpha", "set", "-channel", "A", "-evaluate", "set", "60%"])] {
        let path = directory.appendingPathComponent(name).path
        try runTool("convert", ["-size", "97x61", "plasma:red-blue", "-seed", "3", "+noise", "Gaussian"] + extra + [path])
        let bytes = try ImageFile.readBytes(path: FilePath(path))
        let decoded = try ImageFile.decode(bytes, keepingColour: true)
        let colour = try #require(decoded.colour, "\(name)")
        #expect(colour.size == decoded.gray.size)
        let frame = Frame(
            sequence: 0, timestampNanoseconds: 0, pixelFormat: .rgb24, width: colour.width, height: colour.height,
            bytesPerLine: colour.width * 3, payload: colour.pixels)
        #expect(try GrayImage(frame: frame) == decoded.gray, "\(name)")
        #expect(try ImageFile.decode(bytes).colour == nil)
    }
    // A gray file has no colour to keep.
    let gray = directory.appendingPathComponent("g.png").path
    try runTool("convert", ["-size", "8x8", "gradient:white-black", "-colorspace", "Gray", gray])
    #expect(try ImageFile.decode(try ImageFile.readBytes(path: FilePath(gray)), keepingColour: true).colour == nil)
}

@Test func aGrayPNGWithATransparentGrayReadsAsItsGraysWithThatOneOnWhite() throws {
    // Leptonica alone reads a gray PNG with a tRNS chunk as wholly transparent: blank on white.
    let pixels = (0..<(31 * 17)).map { UInt8(truncatingIfNeeded: $0 * 7) }
    let image = GrayImage(width: 31, height: 17, pixels: pixels)
    let path = FilePath(try makeTemporaryDirectory().appendingPathComponent("keyed.png").path)
    try ImageFile.writePNG(image, to: path)
    let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path.string)))
    // The tRNS chunk goes right after IHDR (8 bytes of signature, 25 of IHDR): gray 128 transparent.
    var chunk: [UInt8] = [0, 0, 0, 2] + Array("tRNS".utf8) + [0x00, 0x80]
    var crc = CRC32()
    crc.update(chunk[4...])
    chunk += withUnsafeBytes(of: crc.value.bigEndian, Array.init)
    let keyed = Array(plain[..<33]) + chunk + Array(plain[33...])
    #expect(pixels.contains(128) && pixels.contains(255))
    let expected = GrayImage(width: 31, height: 17, pixels: pixels.map { $0 == 128 ? 255 : $0 })
    #expect(try ImageFile.decodeGray(keyed) == expected)
    // The same file without the chunk reads as written.
    #expect(try ImageFile.decodeGray(plain) == image)
}
