import ScryCore
import SystemPackage

/// Why a frame dump could not be read or written. Each case names the file offset involved
/// so a damaged dump can be inspected.
public enum FrameDumpError: Error, Equatable, CustomStringConvertible {
    /// The file is shorter than the 16-byte header.
    case missingHeader(length: Int)
    case badMagic
    case unsupportedVersion(UInt16)
    /// A record header that cannot describe a real frame (zero or huge size, bytes per line
    /// too small for the width, payload length that does not fit).
    case impossibleRecord(frameIndex: Int, offset: Int64, reason: String)
    case checksumMismatch(frameIndex: Int, offset: Int64, stored: UInt32, computed: UInt32)
    case io(operation: String, errno: Errno)

    public var description: String {
        switch self {
        case .missingHeader(let length):
            return "not a frame dump: \(length) bytes, shorter than the 16-byte header"
        case .badMagic:
            return "not a frame dump: bad magic (expected \"SCRYDUMP\")"
        case .unsupportedVersion(let version):
            return "unsupported frame dump version \(version) (this scry reads versions 1 and 2)"
        case .impossibleRecord(let index, let offset, let reason):
            return "corrupt frame dump: record \(index) at byte \(offset): \(reason)"
        case .checksumMismatch(let index, let offset, let stored, let computed):
            let hex = { (value: UInt32) in "0x" + String(value, radix: 16) }
            return "corrupt frame dump: record \(index) at byte \(offset): CRC-32 mismatch "
                + "(stored \(hex(stored)), computed \(hex(computed)))"
        case .io(let operation, let errno):
            return "\(operation): \(errno)"
        }
    }
}

/// A dump whose last record stops short: the writer was killed, or the disk filled, while
/// writing it. Every record before it is complete and checked.
public struct FrameDumpTruncation: Equatable, Sendable, CustomStringConvertible {
    /// How many complete frames precede the truncated record.
    public var completeFrames: Int
    /// Where the truncated record starts.
    public var offset: Int64
    /// How many of its bytes are present, and how many it needed (nil when the record header
    /// itself is incomplete, so the full length is unknown).
    public var presentBytes: Int
    public var neededBytes: Int?

    public var description: String {
        let needed = neededBytes.map { " of \($0)" } ?? ""
        return "truncated frame dump: the record at byte \(offset) is incomplete "
            + "(\(presentBytes)\(needed) bytes); \(completeFrames) complete frames before it"
    }
}
