/// Where a JPEG image ends in a buffer that may hold more than the image.
///
/// A camera's MJPEG buffer says how many of its bytes the frame fills (`bytesused`), but not
/// every driver says it truthfully: some leave it 0 and some (v4l2loopback among them, now and
/// then) report the whole buffer, which for a 1280x720 frame is 3.7 MB of which the JPEG fills
/// perhaps 30 kB, the rest being zeros or older frames. Kept whole, such a payload would make a
/// recording a hundred times larger than the frame. The image's own markers say where it ends.
public enum JPEGExtent {
    /// The number of bytes from the start of `bytes` through the end-of-image marker (FF D9)
    /// that ends the JPEG image starting there, or nil when `bytes` do not start with a JPEG
    /// start-of-image marker (FF D8) or end before the image does.
    ///
    /// The markers are walked as ITU T.81 lays them out (B.1.1): each segment's length is
    /// skipped, and inside entropy-coded data a 0xFF is a marker only when not followed by a
    /// stuffed 0x00 or a restart marker (D0-D7), so an FF D9 inside a segment or after the
    /// image's end is never taken for it. Progressive images, with several scans, end at the
    /// marker after their last scan.
    public static func length(of bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        guard count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index < count {
            // A marker: one or more 0xFF fill bytes, then its code.
            guard bytes[index] == 0xFF else { return nil }
            while index < count, bytes[index] == 0xFF { index += 1 }
            guard index < count else { return nil }
            let code = bytes[index]
            index += 1
            switch code {
            case 0xD9:
                return index
            case 0x01, 0xD0...0xD7:
                continue  // TEM and restart markers carry no length
            default:
                guard index + 1 < count else { return nil }
                let segment = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                guard segment >= 2 else { return nil }
                index += segment
                guard index <= count else { return nil }
                if code == 0xDA {
                    index = endOfEntropyCodedData(in: bytes, from: index)
                }
            }
        }
        return nil
    }

    /// Convenience for a payload already copied out of the driver's buffer.
    public static func length(of bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { length(of: $0) }
    }

    /// The index of the first marker after a scan's entropy-coded data starting at `start`
    /// (the 0xFF of that marker), or `bytes.count` when none follows.
    private static func endOfEntropyCodedData(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        while index + 1 < count {
            if bytes[index] != 0xFF {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                index += 2  // a stuffed zero or a restart marker belongs to the scan
            } else if next == 0xFF {
                index += 1  // fill before a marker
            } else {
                return index
            }
        }
        return count
    }
}
