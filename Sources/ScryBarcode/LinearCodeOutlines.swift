import ScryCore

/// The outlines a stream's linear codes are drawn with (`LinearCodeExtent.outline`, which
/// follows the bars row by row up and down: a millisecond or more a code), kept per track so
/// that a code that has not moved is not measured again every frame. A track's outline is
/// reused, moved by its corners' mean move, while each of its corners is within
/// `reuseDistance` of where they were when it was measured; otherwise it is measured anew.
/// Used by one lane's thread only.
final class LinearCodeOutlines {
    /// How far (pixels) each corner may be from where it was when the outline was measured.
    static let reuseDistance = 1.0
    /// The most tracks remembered; past it the memory starts afresh.
    static let capacity = 64

    private var measured: [Int: (corners: [PixelPoint], outline: [PixelPoint])] = [:]

    /// The outline of the linear code at `corners` in `image` (its pixel space), seen in
    /// `track` (nil outside a stream: always measured).
    func outline(of corners: [PixelPoint], track: Int?, in image: GrayImage) -> [PixelPoint] {
        if let track, let known = measured[track], known.corners.count == corners.count,
            zip(known.corners, corners).allSatisfy({ $0.distance(to: $1) <= Self.reuseDistance })
        {
            let count = Double(corners.count)
            let dx = zip(known.corners, corners).reduce(0) { $0 + $1.1.x - $1.0.x } / count
            let dy = zip(known.corners, corners).reduce(0) { $0 + $1.1.y - $1.0.y } / count
            return known.outline.map { PixelPoint(x: $0.x + dx, y: $0.y + dy) }
        }
        let outline = LinearCodeExtent.outline(corners, in: image)
        if let track {
            if measured.count >= Self.capacity { measured.removeAll() }
            measured[track] = (corners, outline)
        }
        return outline
    }
}
