import ScryCore
import SystemPackage

/// Reads a frame dump record by record, checking each. Not thread-safe: one reader per thread.
///
/// A truncated last record ends the dump: `next()` returns nil and `truncation` says what was
/// lost. A bad magic, an unknown version, an impossible record or a CRC mismatch throws.
public final class FrameDumpReader {
    private let file: FileDescriptor
    private var offset: Int64
    private var frameIndex = 0

    /// Set when the dump ended in an incomplete record.
    public private(set) var truncation: FrameDumpTruncation?
    /// The dump's format version, from its header (1, or 2 for one that may hold MJPG frames).
    public private(set) var version: UInt16 = FrameDumpFormat.version

    /// How far into the file the records read so far reach, in bytes (for progress shown
    /// against the file's size).
    public var bytesRead: Int64 { offset }

    /// Bytes already read from the file by whoever opened it, handed out before the file's.
    private var pushedBack: [UInt8]
    private let ownsFile: Bool

    /// Opens the dump at `path` and checks its header.
    public convenience init(path: FilePath) throws(FrameDumpError) {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
        } catch {
            throw .io(operation: "open", errno: error as? Errno ?? .ioError)
        }
        try self.init(file: file, alreadyRead: [], closesFile: true)
    }

    /// Reads a dump from an open file whose first bytes, `alreadyRead`, the caller has read
    /// already (to tell a dump from an image), so a pipe or FIFO is read once. The file is
    /// read from its current position on, and closed with the reader when `closesFile`.
    public init(file: FileDescriptor, alreadyRead: [UInt8], closesFile: Bool) throws(FrameDumpError) {
        self.file = file
        pushedBack = alreadyRead
        ownsFile = closesFile
        offset = 0
        do {
            let header = try readUpTo(FrameDumpFormat.headerLength)
            guard header.count == FrameDumpFormat.headerLength else {
                if header.count >= FrameDumpFormat.magic.count,
                    Array(header.prefix(FrameDumpFormat.magic.count)) != FrameDumpFormat.magic
                {
                    throw FrameDumpError.badMagic
                }
                throw FrameDumpError.missingHeader(length: header.count)
            }
            guard Array(header.prefix(8)) == FrameDumpFormat.magic else { throw FrameDumpError.badMagic }
            let version: UInt16 = header[...].littleEndian(at: 8)
            guard FrameDumpFormat.readableVersions.contains(version) else {
                throw FrameDumpError.unsupportedVersion(version)
            }
            self.version = version
            let headerLength: UInt16 = header[...].littleEndian(at: 10)
            guard Int(headerLength) == FrameDumpFormat.headerLength else {
                throw FrameDumpError.impossibleRecord(
                    frameIndex: 0, offset: 10, reason: "header length \(headerLength), expected 16")
            }
            offset = Int64(FrameDumpFormat.headerLength)
        } catch let error as FrameDumpError {
            if closesFile { try? file.close() }
            throw error
        } catch {
            if closesFile { try? file.close() }
            throw .io(operation: "read", errno: error as? Errno ?? .ioError)
        }
    }

    deinit { if ownsFile { try? file.close() } }

    /// The next complete, checked frame, or nil at the end of the dump (see `truncation`).
    public func next() throws(FrameDumpError) -> Frame? {
        let recordOffset = offset
        let header: [UInt8]
        do { header = try readUpTo(FrameDumpFormat.recordHeaderLength) } catch {
            throw .io(operation: "read", errno: error as? Errno ?? .ioError)
        }
        if header.isEmpty { return nil }
        if header.count >= 4, Array(header.prefix(4)) != FrameDumpFormat.recordMagic {
            throw .impossibleRecord(
                frameIndex: frameIndex, offset: recordOffset, reason: "bad record marker")
        }
        guard header.count == FrameDumpFormat.recordHeaderLength else {
            truncation = FrameDumpTruncation(
                completeFrames: frameIndex, offset: recordOffset, presentBytes: header.count,
                neededBytes: nil)
            return nil
        }
        let fields = header[...]
        let sequence: UInt64 = fields.littleEndian(at: 4)
        let timestamp: UInt64 = fields.littleEndian(at: 12)
        let format = PixelFormat(rawValue: fields.littleEndian(at: 20))
        let width = Int(fields.littleEndian(at: 24, as: UInt32.self))
        let height = Int(fields.littleEndian(at: 28, as: UInt32.self))
        let bytesPerLine = Int(fields.littleEndian(at: 32, as: UInt32.self))
        let payloadLength = Int(fields.littleEndian(at: 36, as: UInt32.self))
        let storedCRC: UInt32 = fields.littleEndian(at: 40)

        if let reason = Self.impossibility(
            format: format, width: width, height: height, bytesPerLine: bytesPerLine,
            payloadLength: payloadLength)
        {
            throw .impossibleRecord(frameIndex: frameIndex, offset: recordOffset, reason: reason)
        }

        let payload: [UInt8]
        do { payload = try readUpTo(payloadLength) } catch {
            throw .io(operation: "read", errno: error as? Errno ?? .ioError)
        }
        guard payload.count == payloadLength else {
            truncation = FrameDumpTruncation(
                completeFrames: frameIndex, offset: recordOffset,
                presentBytes: header.count + payload.count,
                neededBytes: header.count + payloadLength)
            return nil
        }
        var crc = CRC32()
        crc.update(header[4..<40])
        crc.update(payload)
        guard crc.value == storedCRC else {
            throw .checksumMismatch(
                frameIndex: frameIndex, offset: recordOffset, stored: storedCRC, computed: crc.value)
        }
        frameIndex += 1
        return Frame(
            sequence: sequence, timestampNanoseconds: timestamp, pixelFormat: format, width: width,
            height: height, bytesPerLine: bytesPerLine, payload: payload)
    }

    /// Why a record header cannot describe a real frame, or nil if it can.
    static func impossibility(
        format: PixelFormat, width: Int, height: Int, bytesPerLine: Int, payloadLength: Int
    ) -> String? {
        let limit = FrameDumpFormat.maximumDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            return "impossible size \(width)x\(height)"
        }
        guard payloadLength > 0, payloadLength <= FrameDumpFormat.maximumPayloadLength else {
            return "impossible payload length \(payloadLength)"
        }
        if let minimumLine = format.minimumBytesPerLine(width: width) {
            guard bytesPerLine >= minimumLine, bytesPerLine <= 4 * minimumLine else {
                return "\(bytesPerLine) bytes per line for a \(width)-pixel \(format) line"
            }
            let needed = bytesPerLine * (height - 1) + minimumLine
            let largest = format.maximumPayloadLength(bytesPerLine: bytesPerLine, height: height)!
            guard payloadLength >= needed, payloadLength <= largest else {
                return "payload of \(payloadLength) bytes for a \(width)x\(height) \(format) frame"
            }
        }
        return nil
    }

    /// How much a read grows its buffer at a time: a record claims its payload length, and
    /// a short or hostile file must not make the reader allocate all of it up front.
    static let readChunk = 4 << 20

    /// Reads `count` bytes, or fewer at the end of the file. Memory grows with what the file
    /// really holds, a chunk at a time, not with what a record claims.
    private func readUpTo(_ count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        if !pushedBack.isEmpty {
            let taken = min(count, pushedBack.count)
            bytes = Array(pushedBack[..<taken])
            pushedBack.removeFirst(taken)
        }
        var filled = bytes.count
        while filled < count {
            let wanted = min(count, max(filled * 2, filled + Self.readChunk))
            bytes.append(contentsOf: repeatElement(0, count: wanted - bytes.count))
            while filled < wanted {
                let got = try bytes.withUnsafeMutableBytes { buffer in
                    try file.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<wanted]),
                        retryOnInterrupt: true)
                }
                if got == 0 { break }
                filled += got
            }
            if filled < wanted { break }
        }
        offset += Int64(filled)
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return bytes
    }
}
