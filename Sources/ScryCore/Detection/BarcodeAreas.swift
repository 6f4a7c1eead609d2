import Synchronization

/// Where the barcode lane last found codes, for the text lane: bars and modules are not text,
/// and a text reader shown them reads noise ("|| | ll" on an EAN-13's bars); and which of
/// them were read below their minimum module size, for the guidance lane ("move closer"). The
/// barcode lane publishes each frame's code outlines; the other lanes ask for the ones of the
/// frame they are looking at. Shared between the lanes' threads.
public final class BarcodeAreas: Sendable {
    private struct Publication {
        var sequence: UInt64
        var timestampNanoseconds: UInt64
        var outlines: [[PixelPoint]]
        var smallCodeOutlines: [[PixelPoint]]
    }

    private let latest = Mutex<Publication?>(nil)

    public init() {}

    /// Records the outlines of the codes found in `frame` (in its upright pixel space), and
    /// of those among them read below their minimum module size (`smallCodes`).
    public func publish(_ outlines: [[PixelPoint]], smallCodes: [[PixelPoint]] = [], in frame: Frame) {
        latest.withLock {
            $0 = Publication(
                sequence: frame.sequence, timestampNanoseconds: frame.timestampNanoseconds, outlines: outlines,
                smallCodeOutlines: smallCodes)
        }
    }

    /// The outlines found in `frame`; or, when `tolerance` is above 0 (lanes on their own
    /// threads, where the barcode lane may have moved on or not yet reached the frame), the
    /// last ones published for a frame captured within `tolerance` of it. Empty otherwise.
    public func outlines(for frame: Frame, toleranceNanoseconds tolerance: UInt64 = 0) -> [[PixelPoint]] {
        publication(for: frame, toleranceNanoseconds: tolerance)?.outlines ?? []
    }

    /// The outlines of the codes read below their minimum module size, found as `outlines`
    /// finds all of them.
    public func smallCodeOutlines(for frame: Frame, toleranceNanoseconds tolerance: UInt64 = 0) -> [[PixelPoint]] {
        publication(for: frame, toleranceNanoseconds: tolerance)?.smallCodeOutlines ?? []
    }

    private func publication(for frame: Frame, toleranceNanoseconds tolerance: UInt64) -> Publication? {
        latest.withLock { publication in
            guard let publication else { return nil }
            if publication.sequence == frame.sequence && publication.timestampNanoseconds == frame.timestampNanoseconds {
                return publication
            }
            let gap = publication.timestampNanoseconds > frame.timestampNanoseconds
                ? publication.timestampNanoseconds - frame.timestampNanoseconds
                : frame.timestampNanoseconds - publication.timestampNanoseconds
            return tolerance > 0 && gap <= tolerance ? publication : nil
        }
    }

    /// Whether `box` and the box around one of `outlines` overlap by at least `share` of the
    /// smaller of the two: a text box mostly over a code, or a code mostly under a text box
    /// (a reader's box around a whole Data Matrix is larger than the code).
    public static func covers(_ outlines: [[PixelPoint]], _ box: PixelRect, share: Double = 0.5) -> Bool {
        guard box.area > 0 else { return false }
        return outlines.contains { outline in
            guard let code = PixelRect(enclosing: outline), code.area > 0 else { return false }
            let left = max(code.x, box.x), right = min(code.x + code.width, box.x + box.width)
            let top = max(code.y, box.y), bottom = min(code.y + code.height, box.y + box.height)
            return max(0, right - left) * max(0, bottom - top) >= share * min(box.area, code.area)
        }
    }
}
