import ScryCore
/// Frame dump format v1 and v2 (docs/dump-format.md): a 16-byte file header, then one record
/// per frame, all integers little-endian. Version 2 has the same layout and says that records
/// may hold compressed frames (MJPG, as a camera sent them), which a version 1 reader could not
/// decode, so it refuses the file instead.
///
///     header:  "SCRYDUMP" | version u16 = 1 or 2 | header length u16 = 16 | flags u32 = 0
///     record:  "FRAM" | sequence u64 | timestamp ns u64 | fourcc u32 | width u32 | height u32
///              | bytes per line u32 | payload length u32 | CRC-32 u32 | payload
///
/// The CRC-32 covers the record's fields from `sequence` to `payload length` and the payload.
public enum FrameDumpFormat {
    public static let magic: [UInt8] = Array("SCRYDUMP".utf8)
    /// The version of dumps of raw frames.
    public static let version: UInt16 = 1
    /// The version of dumps that may hold compressed frames.
    public static let compressedVersion: UInt16 = 2
    /// The versions this reader reads.
    public static let readableVersions: ClosedRange<UInt16> = 1...2
    public static let headerLength = 16
    public static let recordMagic: [UInt8] = Array("FRAM".utf8)
    public static let recordHeaderLength = 44
    /// The largest width or height a record may claim.
    public static let maximumDimension = 16384
    /// The largest payload a record may claim (a 16384x16384 YUYV frame).
    public static let maximumPayloadLength = 16384 * 16384 * 2

    /// The file header of a dump of `version` (1: raw frames only; 2: compressed ones too).
    public static func fileHeader(version: UInt16 = version) -> [UInt8] {
        var bytes = magic
        bytes.appendLittleEndian(version)
        bytes.appendLittleEndian(UInt16(headerLength))
        bytes.appendLittleEndian(UInt32(0))
        return bytes
    }

    /// The record header for `frame` (`recordHeaderLength` bytes, checksum included); the
    /// payload follows it in the file as is.
    public static func recordHeader(for frame: Frame) -> [UInt8] {
        var bytes = recordMagic
        bytes.reserveCapacity(recordHeaderLength)
        bytes.appendLittleEndian(frame.sequence)
        bytes.appendLittleEndian(frame.timestampNanoseconds)
        bytes.appendLittleEndian(frame.pixelFormat.rawValue)
        bytes.appendLittleEndian(UInt32(frame.width))
        bytes.appendLittleEndian(UInt32(frame.height))
        bytes.appendLittleEndian(UInt32(frame.bytesPerLine))
        bytes.appendLittleEndian(UInt32(frame.payload.count))
        var crc = CRC32()
        crc.update(bytes[4...])
        crc.update(frame.payload)
        bytes.appendLittleEndian(crc.value)
        return bytes
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { append(contentsOf: $0) }
    }
}

extension ArraySlice where Element == UInt8 {
    func littleEndian<T: FixedWidthInteger>(at offset: Int, as: T.Type = T.self) -> T {
        var value = T.zero
        for index in 0..<MemoryLayout<T>.size {
            value |= T(self[startIndex + offset + index]) << (8 * index)
        }
        return value
    }
}
