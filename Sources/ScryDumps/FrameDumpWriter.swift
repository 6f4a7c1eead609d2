import ScryCore
import SystemPackage

/// Appends frames to a new frame dump. Each frame goes out as one complete record in a single
/// `write` sequence, so a crash or a kill loses at most the record being written; the reader
/// detects that record as truncated and keeps every frame before it. Not thread-safe.
public final class FrameDumpWriter {
    private let file: FileDescriptor
    private var closed = false
    /// How many frames have been written.
    public private(set) var frameCount = 0

    /// Creates the dump at `path` with its header, replacing any file there. The dump never
    /// appears at `path` without its header (see `FileCreation`), so a kill at any moment
    /// leaves either no dump or one that reads. `compressed`: the dump may hold compressed
    /// frames (MJPG) and is written as version 2; else version 1.
    public init(path: FilePath, compressed: Bool = false) throws(FrameDumpError) {
        let version = compressed ? FrameDumpFormat.compressedVersion : FrameDumpFormat.version
        do {
            file = try FileCreation.create(path, startingWith: FrameDumpFormat.fileHeader(version: version))
        } catch {
            switch error {
            case .cannotCreate(let failure): throw .io(operation: "open", errno: failure)
            case .cannotWrite(let failure): throw .io(operation: "write", errno: failure)
            }
        }
    }

    deinit { if !closed { try? file.close() } }

    /// Appends `frame` as one record: its header, then its payload straight from the frame
    /// (no copy; this runs in the capture loop for every frame recorded).
    public func write(_ frame: Frame) throws(FrameDumpError) {
        try append(FrameDumpFormat.recordHeader(for: frame))
        try append(frame.payload)
        frameCount += 1
    }

    /// Closes the file. Records already written are in the kernel's hands and survive the
    /// process dying; there is no per-frame `fsync`, which would stall capture.
    public func close() throws(FrameDumpError) {
        guard !closed else { return }
        closed = true
        do {
            try file.close()
        } catch {
            throw .io(operation: "close", errno: error as? Errno ?? .ioError)
        }
    }

    private func append(_ bytes: [UInt8]) throws(FrameDumpError) {
        do {
            _ = try bytes.withUnsafeBytes { try file.writeAll($0) }
        } catch {
            throw .io(operation: "write", errno: error as? Errno ?? .ioError)
        }
    }
}
