import ScryCore

/// The EXIF orientation tag (0x0112) of an encoded image: how a phone or camera stored a photo
/// it took turned (3, 6, 8 are common). Found in a JPEG's APP1 `Exif` segment, a PNG's `eXIf`
/// chunk, a WebP's `EXIF` chunk, and a TIFF file's first directory. Every offset is checked
/// against the bytes: a damaged or hostile header gives nil, never a trap.
public enum ExifOrientation {
    /// The orientation recorded in `bytes`, or nil when there is none (or it is not 1-8).
    public static func find(in bytes: [UInt8]) -> ImageOrientation? {
        guard let tiff = tiffHeaderRange(in: bytes) else { return nil }
        return orientation(inTIFF: bytes[tiff])
    }

    /// Where the TIFF structure holding the EXIF tags lies in `bytes`.
    private static func tiffHeaderRange(in bytes: [UInt8]) -> Range<Int>? {
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegExif(in: bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return pngExif(in: bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webpExif(in: bytes)
        }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return 0..<bytes.count
        }
        return nil
    }

    /// A JPEG's APP1 segment starting `Exif\0\0`, searched among the segments before the scan.
    private static func jpegExif(in bytes: [UInt8]) -> Range<Int>? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, start of scan
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = (offset + 4)..<(offset + 2 + length)
            if marker == 0xE1, body.count >= 6, Array(bytes[body.lowerBound..<(body.lowerBound + 6)]) == exifPrefix {
                return (body.lowerBound + 6)..<body.upperBound
            }
            offset += 2 + length
        }
        return nil
    }

    private static let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    /// A PNG's `eXIf` chunk (before the image data).
    private static func pngExif(in bytes: [UInt8]) -> Range<Int>? {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            let body = offset + 8
            guard length <= bytes.count - body else { return nil }
            if type == Array("eXIf".utf8) { return body..<(body + length) }
            if type == Array("IEND".utf8) { return nil }
            offset = body + length + 4  // and the chunk's CRC
        }
        return nil
    }

    /// A WebP's `EXIF` chunk.
    private static func webpExif(in bytes: [UInt8]) -> Range<Int>? {
        var offset = 12
        while offset + 8 <= bytes.count {
            let length = Int(littleEndian32(bytes, offset + 4))
            let body = offset + 8
            guard length <= bytes.count - body else { return nil }
            if Array(bytes[offset..<(offset + 4)]) == Array("EXIF".utf8) {
                // Some writers keep the JPEG-style "Exif\0\0" prefix.
                if length >= 6, Array(bytes[body..<(body + 6)]) == exifPrefix { return (body + 6)..<(body + length) }
                return body..<(body + length)
            }
            offset = body + length + (length & 1)
        }
        return nil
    }

    /// Tag 0x0112 of the first image directory of a TIFF structure.
    private static func orientation(inTIFF bytes: ArraySlice<UInt8>) -> ImageOrientation? {
        // Offsets count from the TIFF header, which starts at `base` in the file's bytes.
        let base = bytes.startIndex
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[base], bytes[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            let first = Int(bytes[base + at])
            let second = Int(bytes[base + at + 1])
            return little ? first | second << 8 : first << 8 | second
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let directory = u32(4), let count = u16(directory) else { return nil }
        for entry in 0..<count {
            let at = directory + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), one value, kept in the entry's first two value bytes.
            guard u16(at + 2) == 3, let value = u16(at + 8), (1...8).contains(value) else { return nil }
            return ImageOrientation(rawValue: UInt8(value))
        }
        return nil
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[at + $1]) }
    }

    private static func littleEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }
}
