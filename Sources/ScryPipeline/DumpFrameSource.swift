import ScryCore
import ScryDumps

/// A frame dump's frames in order, as fast as they can be read. Each frame's "captured"
/// instant is the instant it was read. A truncated dump ends at its last complete frame (the
/// reader's `truncation` says so); a damaged one throws from `next()`.
public final class DumpFrameSource: FrameSource {
    public let reader: FrameDumpReader

    public init(_ reader: FrameDumpReader) { self.reader = reader }

    public func next() throws -> FrameSourceReading {
        guard let frame = try reader.next() else { return .end }
        return .frame(frame, captured: .now)
    }

    public func stop() {}

}
