import ScryCore

/// Whether an EAN-2/EAN-5 add-on read beside an EAN/UPC code is to be reported. A decoder
/// reads an add-on cut by the picture's border as a shorter one (the first two digits of an
/// EAN-5 pass for an EAN-2), and may read wrong digits that pass the add-on's parity check;
/// the main code alone is the safer answer. An add-on is reported when:
/// - at least `requiredVotes` passes read the same digits beside the same number, and more
///   passes read those digits than any others; and
/// - a reading with those digits ends where a quiet zone follows inside the picture: light
///   for `quietZoneModules` modules beyond the add-on's last bar, along the code's axis.
public enum AddOnConfirmation {
    /// Passes that must agree on the digits.
    public static let requiredVotes = 2
    /// Modules of light space the add-on needs beyond its last bar inside the picture. GS1 asks
    /// for 5; 3 tell an add-on's end from the separator and bars of a longer add-on it was cut
    /// from (dark within 2 modules), and keep add-ons printed close to the picture's edge.
    public static let quietZoneModules = 3.0

    /// The add-on digits to report beside `main` (an EAN/UPC reading without add-on), from the
    /// readings of several passes (one list per pass, corners in `image`'s pixel space); nil
    /// when none is confirmed.
    public static func confirmedAddOn(
        beside main: EngineReading, passes: [[EngineReading]], in image: GrayImage
    ) -> [UInt8]? {
        let number = RetailCodeVote.mainNumber(of: main)
        var votes: [[UInt8]: Int] = [:]
        var placed: [[UInt8]: [EngineReading]] = [:]
        for pass in passes {
            let digitsSeen = Set(pass.compactMap { reading -> [UInt8]? in
                guard reading.payload.count > number.count, RetailCodeVote.mainNumber(of: reading) == number,
                    BarcodeMerger.samePlace(reading.corners, main.corners)
                else { return nil }
                let digits = Array(reading.payload.dropFirst(number.count))
                placed[digits, default: []].append(reading)
                return digits
            })
            for digits in digitsSeen { votes[digits, default: 0] += 1 }
        }
        guard let (best, count) = votes.max(by: { $0.value < $1.value }), count >= requiredVotes,
            votes.filter({ $0.value == count }).count == 1
        else { return nil }
        let mainModules = modules(of: main.symbology)
        guard placed[best, default: []].contains(where: {
            quietZoneFollows($0.corners, modules: mainModules + typicalGap + (best.count == 2 ? 20 : 47), in: image)
        }) else { return nil }
        return best
    }

    /// The modules of a main code of `symbology`, guards included.
    static func modules(of symbology: Symbology) -> Double {
        symbology == .upc_e ? 51 : symbology == .ean_8 ? 67 : 95
    }

    /// Whether an add-on may be printed beside `main` (an EAN/UPC reading without add-on,
    /// corners in `image`'s pixel space): see `mayHoldAnAddOn(beside:modules:in:)`.
    public static func mayHoldAnAddOn(beside main: EngineReading, in image: GrayImage) -> Bool {
        mayHoldAnAddOn(beside: main.corners, modules: modules(of: main.symbology), in: image)
    }

    /// The usual gap between a main code and its add-on, in modules (GS1: 7 to 12).
    static let typicalGap = 9.0

    /// The most modules an add-on beside a main code spans past its last bar: the widest gap
    /// (GS1: 12 modules) and an EAN-5 (47), with 5 modules to spare for corners placed short.
    static let farthestAddOnModules = 64.0

    /// Whether anything dark lies inside `image` where an add-on beside the symbol could be:
    /// along its axis (corners placing a symbol of `modules` modules), from one and a half
    /// modules past its last bar to `farthestAddOnModules`. Where nothing does, no pass can
    /// read an add-on there that `confirmedAddOn` would report, and the add-on passes are
    /// spared; a symbol too small to tell its dark from its light may hold one.
    static func mayHoldAnAddOn(beside corners: [PixelPoint], modules: Double, in image: GrayImage) -> Bool {
        // Five scan lines, the corners' edges too: an add-on's bars are shorter than the main
        // code's, and a reading's corners may span only the rows a decoder read.
        guard let axis = SymbolAxis(corners: corners, modules: modules, across: [0, 0.25, 0.5, 0.75, 1], in: image)
        else { return true }
        for line in axis.lines {
            guard let threshold = axis.threshold(along: line) else { return true }
            var distance = 1.5 * axis.module
            while distance <= farthestAddOnModules * axis.module {
                if let value = axis.sample(beyond: line, by: distance), value <= threshold { return true }
                distance += max(0.5, axis.module / 2)
            }
        }
        return false
    }

    /// Whether the space beyond the right end of a symbol (its own right: from the left edge's
    /// middle to the right edge's middle) of `modules` modules, as `corners` place it, is light
    /// for `quietZoneModules` modules and lies inside `image`.
    static func quietZoneFollows(_ corners: [PixelPoint], modules: Double, in image: GrayImage) -> Bool {
        guard let axis = SymbolAxis(corners: corners, modules: modules, across: [0.25, 0.5, 0.75], in: image)
        else { return false }
        for line in axis.lines {
            guard let threshold = axis.threshold(along: line) else { return false }
            // From one and a half modules past the last bar (its blurred edge) to the zone's end.
            var distance = 1.5 * axis.module
            while distance <= quietZoneModules * axis.module {
                guard let value = axis.sample(beyond: line, by: distance), value > threshold else { return false }
                distance += max(0.5, axis.module / 2)
            }
        }
        return true
    }
}

/// A linear symbol's axis as its four corners place it in an image (pixel space, top-left
/// origin), with scan lines across the bars' height, each from the symbol's left edge to its
/// right edge.
private struct SymbolAxis {
    let image: GrayImage
    let lines: [(start: PixelPoint, end: PixelPoint)]
    /// The unit vector along the axis, left to right.
    let unitX: Double, unitY: Double
    /// The symbol's length along the axis and one module's, in pixels.
    let length: Double, module: Double

    /// `fractions` place the scan lines down the symbol's height: 0 along its top edge, 1
    /// along its bottom edge.
    init?(corners: [PixelPoint], modules: Double, across fractions: [Double], in image: GrayImage) {
        guard corners.count == 4 else { return nil }
        let (topLeft, topRight, bottomRight, bottomLeft) = (corners[0], corners[1], corners[2], corners[3])
        let axisX = (topRight.x + bottomRight.x - topLeft.x - bottomLeft.x) / 2
        let axisY = (topRight.y + bottomRight.y - topLeft.y - bottomLeft.y) / 2
        let length = (axisX * axisX + axisY * axisY).squareRoot()
        guard length > 0 else { return nil }
        self.image = image
        self.length = length
        module = length / modules
        (unitX, unitY) = (axisX / length, axisY / length)
        lines = fractions.map { t in
            (
                start: PixelPoint(x: topLeft.x + (bottomLeft.x - topLeft.x) * t, y: topLeft.y + (bottomLeft.y - topLeft.y) * t),
                end: PixelPoint(x: topRight.x + (bottomRight.x - topRight.x) * t, y: topRight.y + (bottomRight.y - topRight.y) * t)
            )
        }
    }

    /// The gray level at `point`, nil outside the image.
    func sample(_ point: PixelPoint) -> Int? {
        let x = Int(point.x.rounded(.down)), y = Int(point.y.rounded(.down))
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
        return Int(image[x, y])
    }

    /// The gray level `distance` pixels past `line`'s end along the axis, nil outside the image.
    func sample(beyond line: (start: PixelPoint, end: PixelPoint), by distance: Double) -> Int? {
        sample(PixelPoint(x: line.end.x + unitX * distance, y: line.end.y + unitY * distance))
    }

    /// The gray level halfway between the symbol's own dark and light along `line`; nil when
    /// too little of the line is inside the image or it shows no contrast.
    func threshold(along line: (start: PixelPoint, end: PixelPoint)) -> Int? {
        let steps = max(2, Int(length))
        let inside = (0...steps).compactMap { step -> Int? in
            let t = Double(step) / Double(steps)
            return sample(PixelPoint(x: line.start.x + (line.end.x - line.start.x) * t, y: line.start.y + (line.end.y - line.start.y) * t))
        }.sorted()
        guard inside.count > 4 else { return nil }
        let dark = inside[inside.count / 20], light = inside[inside.count - 1 - inside.count / 20]
        guard light > dark else { return nil }
        return (dark + light) / 2
    }
}
