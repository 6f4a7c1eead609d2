import ScryCore

extension GrayImage {
    /// The readings `read` finds in the part of this image inside `region` (pixel space,
    /// clipped to the image), with their corners in this image's pixel space; empty when
    /// nothing of `region` lies inside.
    func readings(in region: PixelRect, using read: (GrayImage) -> [EngineReading]) -> [EngineReading] {
        guard let crop = cropped(to: region) else { return [] }
        let left = max(0, region.x.rounded(.down))
        let top = max(0, region.y.rounded(.down))
        return read(crop).map { found in
            var placed = found
            placed.corners = found.corners.map { PixelPoint(x: $0.x + left, y: $0.y + top) }
            return placed
        }
    }
}
