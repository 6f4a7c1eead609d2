import ScryCore

/// Where a gray image holds Aztec codes, read or not: a bullseye (`AztecBullseye`), whose
/// rings measure the module, in the middle of a square of modules that ends where a quiet
/// zone begins.
enum AztecSighting {
    /// A symbol ends, along a line from its middle, where the line meets this many modules of
    /// light in a row; the largest full-range symbol is 151 modules across.
    static let quietModules = 2.5, largestAcross = 151.0

    /// The Aztec codes seen in `image`, one for each bullseye.
    static func find(bullseyes: [AztecBullseye], in image: GrayImage) -> [BarcodeSighting] {
        bullseyes.map { bullseye in
            let module = bullseye.moduleSize
            let half = extent(from: bullseye.center, module: module, in: image)
            let c = bullseye.center
            let corners = [
                PixelPoint(x: c.x - half, y: c.y - half), PixelPoint(x: c.x + half, y: c.y - half),
                PixelPoint(x: c.x + half, y: c.y + half), PixelPoint(x: c.x - half, y: c.y + half),
            ]
            return BarcodeSighting(kind: .aztec, corners: corners, elements: Int((2 * half / module).rounded()), moduleSize: module)
        }
    }

    /// Half the symbol's side in pixels: the median, over the four directions along the rows
    /// and columns, of the distance from the middle to the first `quietModules` of light
    /// beyond the bullseye (dark and light split at the middle of the bullseye's darkest and
    /// lightest samples).
    private static func extent(from center: PixelPoint, module: Double, in image: GrayImage) -> Double {
        var lowest = 255.0, highest = 0.0
        for j in -4...4 {
            for i in -4...4 {
                let value = image.interpolated(x: center.x + Double(i) * module, y: center.y + Double(j) * module)
                lowest = min(lowest, value)
                highest = max(highest, value)
            }
        }
        let middle = (lowest + highest) / 2
        let step = 0.5, farthest = largestAcross / 2 * module
        let distances = [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)].map { direction -> Double in
            var t = 4.5 * module, lightSince: Double?
            while t < farthest {
                let value = image.interpolated(x: center.x + t * direction.0, y: center.y + t * direction.1)
                if value >= middle {
                    if lightSince == nil { lightSince = t }
                    if t - lightSince! >= quietModules * module { return lightSince! }
                } else {
                    lightSince = nil
                }
                t += step
            }
            return farthest
        }.sorted()
        return (distances[1] + distances[2]) / 2
    }
}
