import ScryCore

/// Whether an Aztec reading is a symbol of its own or the core of a larger one. An Aztec
/// symbol is read from its bull's-eye outward, as many layers as its mode message says; with
/// the mode message damaged, the layers nearest the bull's-eye of a larger symbol can decode as
/// a small symbol whose error correction holds (a 36-character code read as `117`, the same in
/// every frame). A symbol of its own ends where its outline does: beyond it lies paper, or the
/// picture's edge. The core of a larger one has that symbol's modules all round it.
public enum AztecCores {
    /// Where the rings round the outline are sampled, outside each side, as fractions of the
    /// side's length: about 1.5 and 2.5 modules out from a 15-module symbol, clear of its
    /// outermost modules' blurred edge.
    public static let ringOffsets = [0.1, 0.17]

    /// The share of a side's ring samples that must be of the less common tone (dark or
    /// light) for modules to lie beyond it. Paper beyond a symbol, light or (a code printed
    /// light on dark) dark, is of one tone; an Aztec symbol's data layers are about half each.
    public static let minorityShare = 0.2

    /// A side needs this many samples inside the picture to say anything.
    static let leastSamples = 8

    /// Whether `reading` (corners in `image`'s pixel space) is kept: true but for an Aztec
    /// reading with both tones beyond each of its sides (three or four inside the picture).
    public static func admits(_ reading: EngineReading, in image: GrayImage) -> Bool {
        guard reading.symbology == .aztec, reading.corners.count == 4 else { return true }
        let corners = reading.corners
        func sample(_ point: PixelPoint) -> Int? {
            let x = Int(point.x.rounded(.down)), y = Int(point.y.rounded(.down))
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
            return Int(image[x, y])
        }
        func lerp(_ a: PixelPoint, _ b: PixelPoint, _ t: Double) -> PixelPoint {
            PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        // The symbol's own dark and light: a grid inside the outline.
        var inside: [Int] = []
        for u in stride(from: 0.05, through: 0.95, by: 0.05) {
            for v in stride(from: 0.05, through: 0.95, by: 0.05) {
                let point = lerp(lerp(corners[0], corners[1], u), lerp(corners[3], corners[2], u), v)
                if let value = sample(point) { inside.append(value) }
            }
        }
        inside.sort()
        guard inside.count > 20 else { return true }
        let dark = inside[inside.count / 20], light = inside[inside.count - 1 - inside.count / 20]
        guard light > dark + 20 else { return true }
        let threshold = (dark + light) / 2
        let centre = PixelPoint(
            x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        var sidesWithModules = 0
        var sidesSeen = 0
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4]
            let length = a.distance(to: b)
            let middle = lerp(a, b, 0.5)
            let away = middle.distance(to: centre)
            guard length > 4, away > 0 else { return true }
            let normal = PixelPoint(x: (middle.x - centre.x) / away, y: (middle.y - centre.y) / away)
            var samples = 0
            var darkSamples = 0
            for offset in ringOffsets {
                for t in stride(from: 0.1, through: 0.9, by: 0.8 / 15) {
                    let along = lerp(a, b, t)
                    let point = PixelPoint(x: along.x + normal.x * offset * length, y: along.y + normal.y * offset * length)
                    guard let value = sample(point) else { continue }
                    samples += 1
                    if value <= threshold { darkSamples += 1 }
                }
            }
            guard samples >= leastSamples else { continue }
            sidesSeen += 1
            if Double(min(darkSamples, samples - darkSamples)) >= minorityShare * Double(samples) { sidesWithModules += 1 }
        }
        return !(sidesSeen >= 3 && sidesWithModules == sidesSeen)
    }
}
