/// The frames of a GIF file, read from its block structure without decoding any pixels:
/// Leptonica decodes a GIF whole to learn its size, so the size limit is checked here first,
/// and an animated GIF's frames are counted.
enum GIFStructure {
    /// The logical screen's size and each frame's size, or nil when the structure is broken
    /// before the first frame.
    static func frameSizes(in bytes: [UInt8]) -> [(width: Int, height: Int)]? {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF".utf8)) else { return nil }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var sizes = [(width: u16(6), height: u16(8))]
        var offset = 13
        let flags = bytes[10]
        if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }
        /// Skips a chain of data sub-blocks; false when it runs past the end.
        func skipSubBlocks() -> Bool {
            while offset < bytes.count {
                let length = Int(bytes[offset])
                offset += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x2C:  // image descriptor
                guard offset + 10 <= bytes.count else { return sizes.count > 1 ? sizes : nil }
                sizes.append((u16(offset + 5), u16(offset + 7)))
                let local = bytes[offset + 9]
                offset += 10
                if local & 0x80 != 0 { offset += 3 << (Int(local & 0x07) + 1) }
                offset += 1  // LZW minimum code size
                guard skipSubBlocks() else { return sizes }
            case 0x21:  // extension: label, then sub-blocks
                offset += 2
                guard skipSubBlocks() else { return sizes.count > 1 ? sizes : nil }
            default:  // 0x3B trailer, or damage after the frames
                return sizes.count > 1 ? sizes : nil
            }
        }
        return sizes.count > 1 ? sizes : nil
    }
}
