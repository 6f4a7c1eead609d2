import ScryCore

/// The search for a code printed inside another: a "double QR" hides a small QR code in the
/// middle of a large one, where the large code's modules keep the engines from finding it.
/// The middle half of a QR code's box, read on its own, gives it up.
public enum NestedCodeSearch {
    /// The symbologies whose middle is searched.
    public static let hostSymbologies: Set<Symbology> = [.qr_code]

    /// Hosts whose box is smaller than this on either side are not searched (their middle
    /// cannot hold a readable code).
    public static let smallestHostSide = 60.0

    /// The region searched inside a host: its box less this fraction of its size on each side.
    public static let margin = 0.25

    /// The codes `read` finds in the middle of `host` in `image` (same pixel space), with
    /// their corners in `image`'s pixels; empty when `host` is not a host or too small, and
    /// without any reading of the host's own payload.
    public static func readings(
        inside host: EngineReading, of image: GrayImage, using read: (GrayImage) -> [EngineReading]
    ) -> [EngineReading] {
        guard hostSymbologies.contains(host.symbology), let box = PixelRect(enclosing: host.corners),
            box.width >= smallestHostSide, box.height >= smallestHostSide
        else { return [] }
        let middle = PixelRect(
            x: box.x + box.width * margin, y: box.y + box.height * margin,
            width: box.width * (1 - 2 * margin), height: box.height * (1 - 2 * margin))
        return image.readings(in: middle, using: read).filter { $0.payload != host.payload }
    }
}
