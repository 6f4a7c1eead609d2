import Glibc
import ScryCore

/// Where a gray image holds Micro QR codes, read or not: one finder pattern (`FinderPattern`)
/// that no QR code took, whose grid, laid over the image, shows the finder, its light
/// separator and the two timing patterns that run from it along the symbol's outer edges
/// (ISO/IEC 18004: row 0 and column 0, modules alternating from the eighth on), with a quiet
/// zone round them. The symbol's turn is taken from the finder's edges; which corner it
/// lies in, and its size (11, 13, 15 or 17 modules across), from the best fit.
enum MicroQRSighting {
    /// A lone finder must be crossed by this many rows or more.
    static let leastRows = 2
    /// The least correlation (-1 to 1) between the image sampled on the grid and the modules
    /// every Micro QR code of that size has there.
    static let leastCorrelation = 0.6
    static let sizes = [11, 13, 15, 17]
    /// Finders with wider modules are not fitted: a Micro QR code that size is read, or is
    /// no small code to move closer to (`GuidanceDetector.unreadModuleLimit`, with room for
    /// a finder's module measured a fifth too wide).
    static let widestModule = 1.25 * GuidanceDetector.unreadModuleLimit

    /// The Micro QR codes seen, from `finders` not inside any of `taken` (corners of the QR
    /// codes seen).
    static func find(finders: [FinderPattern], excluding taken: [[PixelPoint]], in image: GrayImage) -> [BarcodeSighting] {
        finders.prefix(QRCodeSighting.mostFinders).filter { finder in
            finder.rows >= leastRows && finder.moduleSize <= widestModule && !taken.contains { contains($0, finder.center) }
        }.compactMap { code(at: $0, in: image) }
    }

    /// The best fitting Micro QR grid on `finder`, if it fits well enough: turned as the
    /// finder's edges say (`edgeDirection`) or up to `turnSearch` either way, in steps of
    /// `turnStep` (a finder of a few pixels a module says its turn within a few degrees, and
    /// the timing patterns run 17 modules out), by the best fit of the timing patterns.
    private static func code(at finder: FinderPattern, in image: GrayImage) -> BarcodeSighting? {
        guard let edges = edgeDirection(around: finder.center, module: finder.moduleSize, in: image) else { return nil }
        let module = finder.moduleSize
        var best: (sighting: BarcodeSighting, timing: Double)?
        for quarter in 0..<4 {
            for step in -turnSteps...turnSteps {
                let angle = edges + Double(quarter) * Double.pi / 2 + Double(step) * turnStep
                // One module along the symbol's columns (`column`) and down its rows (`row`).
                let column = (x: cos(angle) * module, y: sin(angle) * module)
                let row = (x: -column.y, y: column.x)
                // Module edges at whole numbers, (0, 0) the symbol's corner at the finder.
                let origin = PixelPoint(
                    x: finder.center.x - 3.5 * (column.x + row.x), y: finder.center.y - 3.5 * (column.y + row.y))
                func point(_ c: Double, _ r: Double) -> PixelPoint {
                    PixelPoint(x: origin.x + c * column.x + r * row.x, y: origin.y + c * column.y + r * row.y)
                }
                let finderPart = finderFit(at: point, in: image)
                for across in sizes {
                    let timingPart = timingFit(across: across, at: point, in: image)
                    guard let whole = finderPart.merged(with: timingPart).value, whole >= leastCorrelation,
                        let timing = timingPart.value, timing >= leastTimingCorrelation, timing > best?.timing ?? -1
                    else { continue }
                    let side = Double(across)
                    let corners = [point(0, 0), point(side, 0), point(side, side), point(0, side)]
                    best = (BarcodeSighting(kind: .microQRCode, corners: corners, elements: across, moduleSize: module), timing)
                }
            }
        }
        return best?.sighting
    }

    /// The turns tried either side of the finder's edges', in radians (2 degrees) and steps.
    static let turnStep = Double.pi / 90, turnSteps = 3
    /// The least correlation of the timing patterns and the quiet zone beside them alone.
    static let leastTimingCorrelation = 0.5

    /// The image at the middles of the finder's modules, its separator's and two modules of
    /// quiet zone along its outer sides, against their colours. With `timingFit`'s, the modules
    /// every Micro QR code has.
    private static func finderFit(at point: (Double, Double) -> PixelPoint, in image: GrayImage) -> Correlation {
        var fit = Correlation()
        for j in -2...7 {
            for i in -2...7 {
                let ring = max(abs(i - 3), abs(j - 3))
                let at = point(Double(i) + 0.5, Double(j) + 0.5)
                fit.add(image.interpolated(x: at.x, y: at.y), dark: i >= 0 && j >= 0 && ring <= 3 && ring != 2)
            }
        }
        return fit
    }

    /// The image at the middles of the two timing patterns' modules of a code `across`
    /// modules wide, the quiet zone beside them, and two modules beyond their ends (where a
    /// larger symbol's timing goes on dark), against their colours.
    private static func timingFit(across: Int, at point: (Double, Double) -> PixelPoint, in image: GrayImage) -> Correlation {
        var fit = Correlation()
        func add(_ column: Int, _ row: Int, dark: Bool) {
            let at = point(Double(column) + 0.5, Double(row) + 0.5)
            fit.add(image.interpolated(x: at.x, y: at.y), dark: dark)
        }
        for k in 8..<across {
            add(k, 0, dark: k % 2 == 0)
            add(0, k, dark: k % 2 == 0)
            add(k, -1, dark: false)
            add(-1, k, dark: false)
        }
        for k in across...(across + 1) {
            add(k, 0, dark: false)
            add(0, k, dark: false)
        }
        return fit
    }

    /// Pearson's correlation between samples and the colours expected there (-1 dark, 1
    /// light), kept as sums so that parts may be joined.
    struct Correlation {
        private var count = 0.0, sample = 0.0, expected = 0.0, product = 0.0, sampleSquares = 0.0, expectedSquares = 0.0

        mutating func add(_ value: Double, dark: Bool) {
            let wanted = dark ? -1.0 : 1.0
            count += 1
            sample += value
            expected += wanted
            product += value * wanted
            sampleSquares += value * value
            expectedSquares += wanted * wanted
        }

        func merged(with other: Correlation) -> Correlation {
            var joined = self
            joined.count += other.count
            joined.sample += other.sample
            joined.expected += other.expected
            joined.product += other.product
            joined.sampleSquares += other.sampleSquares
            joined.expectedSquares += other.expectedSquares
            return joined
        }

        /// The correlation, -1 to 1; nil when the samples or the colours are flat.
        var value: Double? {
            guard count > 1 else { return nil }
            let covariance = product - sample * expected / count
            let sampleVariance = sampleSquares - sample * sample / count
            let expectedVariance = expectedSquares - expected * expected / count
            guard sampleVariance > 1e-6, expectedVariance > 1e-9 else { return nil }
            return covariance / (sampleVariance * expectedVariance).squareRoot()
        }
    }

    /// The direction of a square's edges round `center` (radians, modulo a quarter turn):
    /// the gradients within the finder (7 modules across), their angles taken four times
    /// over so that the four sides agree, averaged weighted by their strength; nil where the
    /// area is flat.
    static func edgeDirection(around center: PixelPoint, module: Double, in image: GrayImage) -> Double? {
        let reach = Int((3.5 * module).rounded(.up))
        let cx = Int(center.x.rounded()), cy = Int(center.y.rounded())
        guard cx - reach >= 1, cy - reach >= 1, cx + reach < image.width - 1, cy + reach < image.height - 1 else { return nil }
        return image.squareEdgeDirection(columns: (cx - reach)...(cx + reach), rows: (cy - reach)...(cy + reach))
    }

    /// Whether `point` lies inside the convex quadrilateral `corners`.
    private static func contains(_ corners: [PixelPoint], _ point: PixelPoint) -> Bool {
        guard corners.count == 4 else { return false }
        var sign = 0.0
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
        }
        return true
    }
}
