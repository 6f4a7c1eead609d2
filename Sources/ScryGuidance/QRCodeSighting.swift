import ScryCore

/// Where a gray image holds QR codes, read or not: three finder patterns (`FinderPattern`) at
/// the corners of a right isosceles triangle, whose grid, laid over the image, shows the
/// three finders, their light separators and the two timing patterns between them (modules
/// alternating dark and light). The grid's size says the code's version, so its modules are
/// measured from the distance between the finders rather than from blurred edges.
enum QRCodeSighting {
    /// The finder patterns paired at most: the ones seen on most rows.
    static let mostFinders = 60
    /// Two of a code's three finders must each be crossed by this many rows or more (a
    /// pattern on one row only is as often a chance arrangement of a desk's grain); under 2 px
    /// a turned, soft code's third finder is sometimes seen on one.
    static let leastRows = 2
    /// The three finders' module sizes may differ by this factor at most.
    static let moduleSpread = 1.4
    /// The two sides meeting at the corner finder may differ by this share at most, and the
    /// third side from the square root of 2 times their mean by this share.
    static let sideTolerance = 0.2, diagonalTolerance = 0.12
    /// The least correlation (-1 to 1) between the image sampled on the code's grid and the
    /// modules a QR code has there whatever it holds.
    static let leastCorrelation = 0.5

    /// The QR codes seen in `image`, as sightings with their module size and their modules
    /// across.
    static func find(in image: GrayImage) -> [BarcodeSighting] {
        find(finders: FinderPattern.find(in: image), in: image)
    }

    /// The QR codes `finders` (found in `image`, those seen on most rows first) make.
    static func find(finders all: [FinderPattern], in image: GrayImage) -> [BarcodeSighting] {
        let finders = Array(all.prefix(mostFinders))
        guard finders.count >= 3 else { return [] }
        var found: [(sighting: BarcodeSighting, correlation: Double, finders: Set<Int>)] = []
        for a in 0..<finders.count {
            for b in (a + 1)..<finders.count {
                for c in (b + 1)..<finders.count {
                    guard [finders[a], finders[b], finders[c]].filter({ $0.rows >= leastRows }).count >= 2,
                        let (sighting, correlation) = code(finders[a], finders[b], finders[c], in: image) else { continue }
                    found.append((sighting, correlation, [a, b, c]))
                }
            }
        }
        // A finder belongs to one code: the best fitting one.
        var used = Set<Int>()
        var codes: [BarcodeSighting] = []
        for candidate in found.sorted(by: { $0.correlation > $1.correlation }) where used.isDisjoint(with: candidate.finders) {
            used.formUnion(candidate.finders)
            codes.append(candidate.sighting)
        }
        return codes
    }

    /// The code whose finders are `first`, `second` and `third` (in any order), with how well
    /// its grid fits; nil when they do not make one.
    private static func code(
        _ first: FinderPattern, _ second: FinderPattern, _ third: FinderPattern, in image: GrayImage
    ) -> (BarcodeSighting, Double)? {
        let modules = [first.moduleSize, second.moduleSize, third.moduleSize]
        guard modules.max()! <= moduleSpread * modules.min()! else { return nil }
        let points = [first.center, second.center, third.center]
        func distance(_ p: PixelPoint, _ q: PixelPoint) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
        // The corner finder is the one opposite the longest side.
        let sides = [(distance(points[1], points[2]), 0), (distance(points[0], points[2]), 1), (distance(points[0], points[1]), 2)]
            .sorted { $0.0 < $1.0 }
        let (short, long) = (sides[0].0, sides[1].0)
        let diagonal = sides[2].0
        guard short > 0, long <= (1 + sideTolerance) * short,
            abs(diagonal - 2.squareRoot() * (short + long) / 2) <= diagonalTolerance * diagonal
        else { return nil }
        let corner = points[sides[2].1]
        let ends = points.indices.filter { $0 != sides[2].1 }.map { points[$0] }
        let module = modules.reduce(0, +) / 3
        // The finders' middles are 3.5 modules in from the code's edges: N - 7 modules apart in
        // a code N = 17 + 4 v modules across (version v, 1 to 40).
        let version = ((short + long) / 2 / module + 7 - 17) / 4
        var best: (BarcodeSighting, Double)?
        for v in Set([Int(version.rounded(.down)), Int(version.rounded(.up))]) where (1...40).contains(v) {
            let across = 17 + 4 * v
            guard let correlation = fit(corner: corner, ends[0], ends[1], across: across, in: image),
                correlation >= leastCorrelation, correlation > best?.1 ?? -1
            else { continue }
            let grid = Grid(corner: corner, ends[0], ends[1], across: across)
            let corners = [(0.0, 0.0), (Double(across), 0), (Double(across), Double(across)), (0, Double(across))]
                .map { grid.point(column: $0.0, row: $0.1) }
            let size = (short + long) / 2 / Double(across - 7)
            best = (BarcodeSighting(kind: .qrCode, corners: corners, elements: across, moduleSize: size), correlation)
        }
        return best
    }

    /// A QR code's module grid over the image: module edges at whole numbers, (0, 0) the code's
    /// corner at the corner finder; the finders' middles at 3.5 modules in.
    private struct Grid {
        var origin: PixelPoint
        var column: (x: Double, y: Double), row: (x: Double, y: Double)

        init(corner: PixelPoint, _ first: PixelPoint, _ second: PixelPoint, across: Int) {
            let apart = Double(across - 7)
            column = ((first.x - corner.x) / apart, (first.y - corner.y) / apart)
            row = ((second.x - corner.x) / apart, (second.y - corner.y) / apart)
            origin = PixelPoint(x: corner.x - 3.5 * (column.x + row.x), y: corner.y - 3.5 * (column.y + row.y))
        }

        /// The pixel at grid position (`column`, `row`), in modules.
        func point(column c: Double, row r: Double) -> PixelPoint {
            PixelPoint(x: origin.x + c * column.x + r * row.x, y: origin.y + c * column.y + r * row.y)
        }
    }

    /// The correlation between the image at the middles of the modules every QR code of
    /// `across` modules has (three finders with their separators and a module of quiet zone,
    /// the two timing patterns) and those modules' colours; nil when the samples are flat.
    private static func fit(corner: PixelPoint, _ first: PixelPoint, _ second: PixelPoint, across: Int, in image: GrayImage) -> Double? {
        let grid = Grid(corner: corner, first, second, across: across)
        var samples: [Double] = [], expected: [Double] = []
        func add(_ column: Int, _ row: Int, dark: Bool) {
            let point = grid.point(column: Double(column) + 0.5, row: Double(row) + 0.5)
            samples.append(image.interpolated(x: point.x, y: point.y))
            expected.append(dark ? -1 : 1)
        }
        let last = across - 1
        for (originColumn, originRow, columnSign, rowSign) in [(0, 0, 1, 1), (last, 0, -1, 1), (0, last, 1, -1)] {
            for j in -1...7 {
                for i in -1...7 {
                    let ring = max(abs(i - 3), abs(j - 3))
                    add(originColumn + columnSign * i, originRow + rowSign * j, dark: ring <= 3 && ring != 2)
                }
            }
        }
        for k in 8..<(across - 8) {
            add(k, 6, dark: k % 2 == 0)
            add(6, k, dark: k % 2 == 0)
        }
        let count = Double(samples.count)
        let meanSample = samples.reduce(0, +) / count, meanExpected = expected.reduce(0, +) / count
        var (product, sampleSquares, expectedSquares) = (0.0, 0.0, 0.0)
        for (sample, wanted) in zip(samples, expected) {
            product += (sample - meanSample) * (wanted - meanExpected)
            sampleSquares += (sample - meanSample) * (sample - meanSample)
            expectedSquares += (wanted - meanExpected) * (wanted - meanExpected)
        }
        guard sampleSquares > 1e-9, expectedSquares > 0 else { return nil }
        return product / (sampleSquares * expectedSquares).squareRoot()
    }
}
