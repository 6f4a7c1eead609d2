import ScryCore

/// Whether a reading of a linear code that carries no check character is a whole code or a
/// piece of a longer one. Nothing in an ITF, Codabar or Code 39 symbol tells a whole code from a piece
/// of one: a code cut by the picture's edge, crossed by another code, or with a stretch of
/// bars damaged decodes as a shorter valid code wherever the piece happens to begin with a
/// start pattern and end with a stop pattern. A whole code has light space beyond both ends;
/// a piece has the rest of the code's bars there. So such a reading is left out when, along
/// the code's axis, either end is followed within `zoneModules` modules by
/// `barsOfALongerCode` bars or more, at the same places on at least two of three lines across
/// the bars. Where the
/// picture ends first, nothing more is seen: a picture cropped to a code's first bar looks like
/// a code cut there, and both are kept.
public enum UncheckedCodePieces {
    /// The symbologies with no check character that a decoder must read: ITF (the ITF-14 has a
    /// check digit), Codabar, and Code 39 (its check character is optional, and the engines do
    /// not require it).
    public static let symbologies: Set<Symbology> = [.itf, .codabar, .code_39]

    /// How far beyond each end the bars of a longer code are looked for, in modules. Any 8
    /// modules of an ITF, Codabar or Code 39 hold at least two bars (its elements are 1 to 3
    /// modules wide), where a label's frame line or a speck is one.
    public static let zoneModules = 8.0

    /// The zone beyond an EAN/UPC code that one engine alone read: its check digit covers the
    /// digits read, not whether they are the whole code (an EAN-13 pattern turns up inside
    /// other codes). Its quiet zones are 7 modules or more, and an add-on starts 7 to 12
    /// modules after its last bar with a single bar (its guard, 1011, has its second bar two
    /// modules on), so two bars within 7 modules are never an add-on's. (Read by both engines,
    /// whose decoders differ, it stands even with another code printed against it.)
    public static let retailZoneModules = 7.0

    /// The bars within the zone that make an end a piece of a longer code.
    public static let barsOfALongerCode = 2

    /// How far apart (in modules) two lines may find the same bar beyond an end: a code seen
    /// askew shifts its bars from one line to the next.
    public static let alignmentModules = 1.5

    /// Where the zone starts past the end bar, in modules: the bar's blurred edge.
    public static let gapModules = 0.5

    /// The fewest digits of an ITF read in a picture larger than the code. zxing-cpp means to
    /// read shorter ones only when asked for ITF alone, or where the code fills the picture (its
    /// ODITFReader says so: "if we are only looking for ITF, we accept shorter symbols"), but
    /// 3.1.1 reads a 4-digit ITF whatever it is asked: and a piece of a longer ITF cut where
    /// its bars happen to end as a stop pattern ends (the picture's edge, another code over it)
    /// is most often 4 digits long.
    public static let fewestITFDigits = 6

    /// How close to the picture's edge (in modules) both ends of a short ITF lie when the
    /// picture is the code's own: within the 10 modules of quiet zone the symbology asks for.
    public static let ownPictureMarginModules = 10.0

    /// Whether `reading` by `engines` (corners in `image`'s pixel space, clockwise from the
    /// code's own top-left, along its bars' row first) is to be kept: true for the symbologies
    /// with a check (but an EAN/UPC code one engine read), and for the others when the rules
    /// above hold. An ITF shorter than `fewestITFDigits` is kept only where `itfAlone` (the
    /// run looks for ITF and nothing else) or where the picture is the code's own: both ends
    /// within `ownPictureMarginModules` of its edge.
    public static func admits(
        _ reading: EngineReading, readBy engines: Set<BarcodeEngine>, in image: GrayImage, itfAlone: Bool = false
    ) -> Bool {
        let zone: Double
        if symbologies.contains(reading.symbology) {
            zone = zoneModules
        } else if RetailCodeVote.symbologies.contains(reading.symbology), engines.count == 1 {
            zone = retailZoneModules
        } else {
            return true
        }
        guard
            let modules = ModuleCount.across(
                symbology: reading.symbology, payload: reading.payload, version: reading.symbolVersion)
        else { return true }
        // An engine may place a linear code by the one row it read, which near a tilted code's
        // top or bottom crosses only part of it: the bars' whole height is looked at.
        let outline = LinearCodeExtent.outline(reading.corners, in: image)
        if reading.symbology == .itf, reading.payload.count < fewestITFDigits, !itfAlone,
            !fillsItsPicture(outline, modules: Double(modules), in: image)
        {
            return false
        }
        return endsStandClear(outline, modules: Double(modules), zone: zone, in: image)
    }

    /// Whether, along the axis of a symbol of `modules` modules that `corners` place, the
    /// picture ends within `ownPictureMarginModules` of both its ends.
    static func fillsItsPicture(_ corners: [PixelPoint], modules: Double, in image: GrayImage) -> Bool {
        guard corners.count == 4 else { return false }
        let start = PixelPoint(x: (corners[0].x + corners[3].x) / 2, y: (corners[0].y + corners[3].y) / 2)
        let end = PixelPoint(x: (corners[1].x + corners[2].x) / 2, y: (corners[1].y + corners[2].y) / 2)
        let length = start.distance(to: end)
        guard length > 0 else { return false }
        let module = length / modules
        let (unitX, unitY) = ((end.x - start.x) / length, (end.y - start.y) / length)
        /// How far from `point` the picture ends going along (dx, dy).
        func reach(from point: PixelPoint, _ dx: Double, _ dy: Double) -> Double {
            var limits: [Double] = []
            if dx > 0 { limits.append((Double(image.width) - point.x) / dx) }
            if dx < 0 { limits.append(-point.x / dx) }
            if dy > 0 { limits.append((Double(image.height) - point.y) / dy) }
            if dy < 0 { limits.append(-point.y / dy) }
            return max(0, limits.min() ?? .infinity)
        }
        let margin = ownPictureMarginModules * module
        return reach(from: start, -unitX, -unitY) <= margin && reach(from: end, unitX, unitY) <= margin
    }

    /// Whether neither end of a symbol of `modules` modules that `corners` place is followed,
    /// within `zone` modules, by the bars of a longer code: `barsOfALongerCode` bars at the
    /// same places on two or more of the lines at a quarter, half and three quarters of its
    /// height (for an outline that marks one scanned row, those are that row).
    static func endsStandClear(_ corners: [PixelPoint], modules: Double, zone: Double, in image: GrayImage) -> Bool {
        guard corners.count == 4 else { return true }
        let (topLeft, topRight, bottomRight, bottomLeft) = (corners[0], corners[1], corners[2], corners[3])
        let axisX = (topRight.x + bottomRight.x - topLeft.x - bottomLeft.x) / 2
        let axisY = (topRight.y + bottomRight.y - topLeft.y - bottomLeft.y) / 2
        let length = (axisX * axisX + axisY * axisY).squareRoot()
        // A box shorter than a pixel a module is not the code's extent (zbar places a code by
        // the scan lines that read it, a sliver when one line did): nothing to judge by.
        guard length >= modules else { return true }
        let module = length / modules
        let (unitX, unitY) = (axisX / length, axisY / length)
        func sample(_ point: PixelPoint) -> Int? {
            let x = Int(point.x.rounded(.down)), y = Int(point.y.rounded(.down))
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
            return Int(image[x, y])
        }
        // Per end and line, where (in modules past the end) the first bars beyond it begin.
        var barsBeyond: [[[Double]]] = [[], []]
        for t in [0.25, 0.5, 0.75] {
            let start = PixelPoint(
                x: topLeft.x + (bottomLeft.x - topLeft.x) * t, y: topLeft.y + (bottomLeft.y - topLeft.y) * t)
            let end = PixelPoint(
                x: topRight.x + (bottomRight.x - topRight.x) * t, y: topRight.y + (bottomRight.y - topRight.y) * t)
            // The symbol's own dark and light along this line (a line without contrast says
            // nothing).
            let steps = max(2, Int(length))
            let inside = (0...steps).compactMap { step -> Int? in
                let f = Double(step) / Double(steps)
                return sample(PixelPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
            }.sorted()
            guard inside.count > 4 else { continue }
            let dark = inside[inside.count / 20], light = inside[inside.count - 1 - inside.count / 20]
            guard light > dark else { continue }
            let threshold = (dark + light) / 2
            for (side, (from, direction)) in [(start, -1.0), (end, 1.0)].enumerated() {
                // The engines place a left end on its bar's first pixel and a right end on its
                // bar's last: the right one's edge is a pixel further.
                let edge = side == 0 ? 0.0 : 1.0
                var distance = edge + gapModules * module
                var starts: [Double] = []
                var inBar = false
                while distance <= edge + zone * module {
                    let point = PixelPoint(
                        x: from.x + direction * unitX * distance, y: from.y + direction * unitY * distance)
                    // The picture ending will do.
                    guard let value = sample(point) else { break }
                    if value <= threshold, !inBar { starts.append((distance - edge) / module) }
                    inBar = value <= threshold
                    distance += max(0.5, module / 4)
                }
                barsBeyond[side].append(starts)
            }
        }
        // The bars of a longer code run its whole height: two lines that find them find them at
        // the same places. Another code beside this one (a 2D code's modules, a code laid over
        // it), a frame line or a speck seldom does.
        return barsBeyond.allSatisfy { lines in
            let found = lines.filter { $0.count >= barsOfALongerCode }
            for (index, a) in found.enumerated() {
                for b in found[(index + 1)...]
                where zip(a.prefix(barsOfALongerCode), b.prefix(barsOfALongerCode)).allSatisfy({ abs($0 - $1) <= alignmentModules }) {
                    return false
                }
            }
            return true
        }
    }
}
