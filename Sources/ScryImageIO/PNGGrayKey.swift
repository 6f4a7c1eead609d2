/// The transparent gray of a gray PNG (colour type 0): the one sample value its tRNS chunk
/// names, every pixel of which is transparent. Leptonica 1.82 reads such a file as wholly
/// transparent ("no transparency array: convention is fully transparent image"), so that,
/// composited on white, it came out blank (qrcode-7 of ../shared/eval/barcodes, whose QR codes
/// pip zxing-cpp reads). `ImageFile` decodes the file without the chunk, then composites the
/// key's pixels on white itself.
struct PNGGrayKey: Equatable {
    /// The transparent sample as the 8-bit gray Leptonica gives it (a sample of 1, 2 or 4 bits
    /// spread over 0...255), or nil for 16-bit samples, which come back as their gray.
    let gray: UInt8?
    /// The file without its tRNS chunk.
    let bytesWithoutKey: [UInt8]

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The key of `bytes` when they are a gray PNG with a tRNS chunk before its image data,
    /// else nil (any other file, or one too short or malformed to say).
    static func find(in bytes: [UInt8]) -> PNGGrayKey? {
        guard bytes.count > 33, Array(bytes[0..<8]) == signature else { return nil }
        var offset = 8
        var bitDepth: Int?
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            guard length <= bytes.count - data - 4 else { return nil }
            switch type {
            case "IHDR":
                // Width, height (4 bytes each), bit depth, colour type.
                guard length >= 10, bytes[data + 9] == 0, [1, 2, 4, 8, 16].contains(bytes[data + 8]) else { return nil }
                bitDepth = Int(bytes[data + 8])
            case "tRNS":
                guard let bitDepth, length >= 2 else { return nil }
                let sample = Int(bytes[data]) << 8 | Int(bytes[data + 1])
                let maximum = (1 << bitDepth) - 1
                let gray: UInt8? = bitDepth <= 8 && sample <= maximum ? UInt8(sample * 255 / maximum) : nil
                return PNGGrayKey(gray: gray, bytesWithoutKey: Array(bytes[..<offset] + bytes[(data + length + 4)...]))
            case "IDAT", "IEND":
                return nil
            default:
                break
            }
            guard bitDepth != nil else { return nil }
            offset = data + length + 4
        }
        return nil
    }
}
