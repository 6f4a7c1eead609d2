import Foundation
import ScryCore

/// How well an EAN-13/UPC-A number explains the bars of a code in a photo: the bars the
/// number encodes, blurred, are laid over the gray levels along the code, and each digit is
/// compared with every other digit that could stand at its place. Decoders read a code from
/// the edges between bars, and a blurred code whose thin bars have spread can give two
/// numbers that both pass the check digit (upca-4/1 in the eval set: 9074932437075 by zbar,
/// 0023942431015 by zxing-cpp on the enlarged image); the gray levels tell them apart.
///
/// The fit, in the code's own modules (95 from the start guard's first bar to the end
/// guard's last):
/// 1. The gray levels along the code's middle line, averaged over five lines two modules
///    apart each way, eight samples a module, ten modules beyond each end.
/// 2. The number's bars (with quiet zones) are blurred by a Gaussian and placed by their
///    start, module width and blur, read either way along the line; the placement whose
///    correlation with the darkness is highest wins.
/// 3. Each half of the code (start guard to centre guard, centre guard to end guard) is
///    placed again on its own, for perspective and curl.
/// 4. For each digit, the gray levels over its seven modules and one beyond each side are
///    fitted (gain and level, least squares) by the bars with that digit, and with each other
///    digit code that could stand there (either parity on the left, which is where an
///    EAN-13's first digit is; the right-hand codes on the right).
public struct RetailBarsFit: Equatable, Sendable {
    /// The correlation of the number's blurred bars, placed as well as they fit, with the
    /// darkness along the code: 1 for a perfect fit.
    public var correlation: Double
    /// For the digit whose bars fit least clearly: the least squared residual of another digit
    /// code at its place, over its own. Above 1, each digit is the best explanation of its bars.
    public var weakestDigitMargin: Double

    /// The `weakestDigitMargin` from which every digit counts as seen in the bars. On the eval
    /// set's EAN-13/UPC-A photos (at 0 degrees, fitted along Scry's reading), 96 of the 123
    /// right numbers fit with a margin above it; of the 13,284 numbers one digit away from them
    /// (the check digit made right), none fits with a margin above 1.04; the eight wrong
    /// numbers with a valid check digit that engines read there fit with 0.37 or less.
    public static let requiredDigitMargin = 1.5

    /// Whether every digit's bars are seen in the picture (`requiredDigitMargin`).
    public var confirmsEveryDigit: Bool { weakestDigitMargin >= Self.requiredDigitMargin }

    /// The `weakestDigitMargin` under which the bars contradict the number: another digit code
    /// explains one digit's bars more than six times better than the number's own. On the eval
    /// set's EAN-13/UPC-A photos the right numbers fit with 0.23 or more (0.38 or more where
    /// zxing-cpp alone read them); the wrong number zxing-cpp read on upca-2/10 fits with 0.08,
    /// and scripts/hunt-wrong-reads' UPC-A with two modules flipped (seed 1, case 1513), read
    /// by two zxing-cpp passes, with 0.04.
    public static let contradictingDigitMargin = 0.15

    /// Whether some digit's bars are explained far better by another digit
    /// (`contradictingDigitMargin`).
    public var contradictsADigit: Bool { weakestDigitMargin < Self.contradictingDigitMargin }

    /// The `weakestDigitMargin` from which a number that only an escalation pass read, on a
    /// code at or above its symbology's minimum module size, is borne out by its bars: no
    /// other digit code explains one of its digits' bars twice as well as its own. The wrong
    /// numbers with a valid check digit that engines read on the eval set's EAN-13/UPC-A
    /// photos fit with 0.37 or less; on those photos turned 3 to 15 degrees by ImageMagick
    /// (scripts/bench-turned-retail, seed 23) the wrong numbers escalation passes alone read
    /// fit with 0.41 or less (`6118397000870` on upca-2/10 turned, at 2 px a module), and
    /// most right ones, at 2 px a module or more, with 0.58 to 1.48, below
    /// `requiredDigitMargin`: blurred webcam codes whose thin bars have spread.
    public static let escalationDigitMargin = 0.5

    /// Whether the bars bear out a number only an escalation pass read (`escalationDigitMargin`).
    public var bearsOutAnEscalationReading: Bool { weakestDigitMargin >= Self.escalationDigitMargin }

    public init(correlation: Double, weakestDigitMargin: Double) {
        self.correlation = correlation
        self.weakestDigitMargin = weakestDigitMargin
    }

    /// The symbologies fitted: those whose 13-digit main number is the EAN-13 pattern.
    public static let symbologies: Set<Symbology> = [.ean_13, .upc_a]

    /// The fit of `number` (13 ASCII digits, the EAN-13 form) to the code whose corners are
    /// `corners` (pixel space of `image`, the code's own top-left first, clockwise; the
    /// direction along the code may be either way); nil when the number is not 13 digits, or
    /// the code is shorter than 95 pixels or shows no contrast.
    public static func fit(of number: [UInt8], corners: [PixelPoint], in image: GrayImage) -> RetailBarsFit? {
        guard let bars = EANBars(number: number), let profile = Profile(corners: corners, in: image) else { return nil }
        var best: (correlation: Double, placement: Placement, darkness: [Double])?
        for darkness in [profile.darkness, profile.darkness.reversed()] {
            let found = Placement.bestOverall(of: bars.modules, on: darkness)
            if found.correlation > best?.correlation ?? -2 { best = (found.correlation, found.placement, darkness) }
        }
        guard let best else { return nil }
        let halves = [
            Placement.refined(best.placement, of: bars.modules, on: best.darkness, modules: -3..<50),
            Placement.refined(best.placement, of: bars.modules, on: best.darkness, modules: 45..<98),
        ]
        var weakest = Double.infinity
        for digit in 1...12 {
            let placement = halves[digit <= 6 ? 0 : 1]
            let start = EANBars.firstModule(ofDigit: digit)
            let own = placement.residual(of: bars.modules, on: best.darkness, modules: (start - 1)..<(start + 8))
            var other = Double.infinity
            for code in EANBars.codes(atDigit: digit) where code != Array(bars.modules[start..<(start + 7)]) {
                var modules = bars.modules
                modules.replaceSubrange(start..<(start + 7), with: code)
                other = min(other, placement.residual(of: modules, on: best.darkness, modules: (start - 1)..<(start + 8)))
            }
            weakest = min(weakest, own > 0 ? other / own : .infinity)
        }
        return RetailBarsFit(correlation: best.correlation, weakestDigitMargin: weakest)
    }
}

/// The gray levels along a linear code, as darkness (255 minus gray), at `samplesPerModule`
/// samples a nominal module from `marginModules` before the code's start to as many after
/// its end (sample 0 at nominal module -`marginModules`).
private struct Profile {
    static let samplesPerModule = 8
    static let marginModules = 10
    /// The code modules the profile spans, margins included.
    static let modules = -marginModules..<(EANBars.moduleCount + marginModules)
    var darkness: [Double]

    init?(corners: [PixelPoint], in image: GrayImage) {
        guard corners.count == 4, image.width > 1, image.height > 1 else { return nil }
        let start = PixelPoint(x: (corners[0].x + corners[3].x) / 2, y: (corners[0].y + corners[3].y) / 2)
        let end = PixelPoint(x: (corners[1].x + corners[2].x) / 2, y: (corners[1].y + corners[2].y) / 2)
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length >= Double(EANBars.moduleCount) else { return nil }
        let module = length / Double(EANBars.moduleCount)
        let normal = PixelPoint(x: -dy / length, y: dx / length)
        let count = (EANBars.moduleCount + 2 * Self.marginModules) * Self.samplesPerModule
        darkness = (0..<count).map { index in
            let along = (Double(index) / Double(Self.samplesPerModule) - Double(Self.marginModules)) / Double(EANBars.moduleCount)
            var sum = 0.0
            for offset in -2...2 {
                let across = Double(offset) * 2 * module
                sum += ModuleWidthMeasurement.bilinearSample(
                    image, PixelPoint(x: start.x + along * dx + across * normal.x, y: start.y + along * dy + across * normal.y))
            }
            return 255 - sum / 5
        }
        let sorted = darkness.sorted()
        guard sorted[sorted.count * 9 / 10] - sorted[sorted.count / 10] >= 20 else { return nil }
    }

    /// The nominal module (from the code's start) of sample `index`.
    static func nominalModule(ofSample index: Int) -> Double {
        Double(index) / Double(samplesPerModule) - Double(marginModules)
    }
}

/// Where a code's bars lie along a profile: module m of the code (0 at the start guard's first
/// bar) spans nominal modules `start + m * width` to `start + (m + 1) * width`, blurred by a
/// Gaussian of `blur` modules.
private struct Placement {
    var start: Double
    var width: Double
    var blur: Double

    /// The bars' darkness at code module `u`: the share of a Gaussian of `blur` modules around
    /// `u` that falls on bars (modules outside the code are quiet zone).
    func barCoverage(_ modules: [UInt8], at u: Double) -> Double {
        let reach = 4 * blur + 1
        let first = max(0, Int((u - reach).rounded(.down)))
        let last = min(modules.count - 1, Int((u + reach).rounded(.up)))
        guard first <= last else { return 0 }
        var sum = 0.0
        let scale = 1 / (blur * 2.squareRoot())
        for index in first...last where modules[index] == 1 {
            sum += 0.5 * (erf((Double(index + 1) - u) * scale) - erf((Double(index) - u) * scale))
        }
        return sum
    }

    /// The sample indices whose code module lies in `modules`, and those modules.
    func samples(in modules: Range<Int>, count: Int) -> [(index: Int, module: Double)] {
        (0..<count).compactMap { index in
            let u = (Profile.nominalModule(ofSample: index) - start) / width
            return u >= Double(modules.lowerBound) && u < Double(modules.upperBound) ? (index, u) : nil
        }
    }

    /// The correlation of the blurred bars (`table`, of this placement's blur) with
    /// `darkness` over the samples whose code module lies in `modules`.
    func correlation(of table: CoverageTable, on darkness: [Double], modules: Range<Int>) -> Double {
        let points = samples(in: modules, count: darkness.count)
        return Self.correlation(points.map { table.coverage(at: $0.module) }, points.map { darkness[$0.index] })
    }

    /// The least squared residual of `darkness` fitted by gain times the blurred bars plus a
    /// level, over the samples whose code module lies in `modules`; a fit in which bars would
    /// be lighter than spaces counts as no fit (the darkness's own variance).
    func residual(of bars: [UInt8], on darkness: [Double], modules: Range<Int>) -> Double {
        let points = samples(in: modules, count: darkness.count)
        guard let sums = CentredSums(points.map { barCoverage(bars, at: $0.module) }, points.map { darkness[$0.index] })
        else { return .infinity }
        guard sums.squaresA > 0, sums.products > 0 else { return sums.squaresB }
        return sums.squaresB - sums.products * sums.products / sums.squaresA
    }

    /// Pearson's correlation of `a` and `b`; -1 when either is flat or there are under three.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        guard let sums = CentredSums(a, b), sums.squaresA > 0, sums.squaresB > 0 else { return -1 }
        return sums.products / (sums.squaresA * sums.squaresB).squareRoot()
    }

    /// The placement of `bars` that correlates best with `darkness` over the whole profile:
    /// width 94% to 106% of nominal, start within two modules of nominal, blur 0.3 to 1 module.
    static func bestOverall(of bars: [UInt8], on darkness: [Double]) -> (correlation: Double, placement: Placement) {
        var best = (correlation: -2.0, placement: Placement(start: 0, width: 1, blur: 0.5))
        let count = darkness.count
        let mean = darkness.reduce(0, +) / Double(count)
        let centred = darkness.map { $0 - mean }
        let spread = centred.reduce(0) { $0 + $1 * $1 }
        guard spread > 0 else { return best }
        let nominal = darkness.indices.map(Profile.nominalModule(ofSample:))
        for blur in [0.3, 0.5, 0.7, 1.0] {
            // The bars at 1/16 module, blurred once per blur; placements look them up.
            let table = CoverageTable(bars: bars, blur: blur, modules: Profile.modules)
            for widthStep in -6...6 {
                let width = 1 + Double(widthStep) * 0.01
                for startStep in -8...8 {
                    let start = Double(startStep) * 0.25
                    // Pearson's correlation; the darkness is centred, so the model need not be.
                    var sum = 0.0, squares = 0.0, products = 0.0
                    for index in 0..<count {
                        let model = table.coverage(at: (nominal[index] - start) / width)
                        sum += model
                        squares += model * model
                        products += model * centred[index]
                    }
                    let variance = squares - sum * sum / Double(count)
                    guard variance > 0 else { continue }
                    let correlation = products / (variance * spread).squareRoot()
                    if correlation > best.correlation {
                        best = (correlation, Placement(start: start, width: width, blur: blur))
                    }
                }
            }
        }
        return best
    }

    /// `placement` adjusted for the code modules in `modules` alone: width within 4%, start
    /// within half a module (about the window's middle), blur 0.7 to 1.4 times.
    static func refined(_ placement: Placement, of bars: [UInt8], on darkness: [Double], modules: Range<Int>) -> Placement {
        var best = (correlation: -2.0, placement: placement)
        let middle = Double(modules.lowerBound + modules.upperBound) / 2
        let blurs = [placement.blur * 0.7, placement.blur, placement.blur * 1.4]
        let tables = blurs.map { CoverageTable(bars: bars, blur: $0, modules: Profile.modules) }
        for widthStep in -4...4 {
            let width = placement.width * (1 + Double(widthStep) * 0.01)
            for shiftStep in -4...4 {
                // The window's middle stays put as the width changes, then moves.
                let start = placement.start + middle * (placement.width - width) + Double(shiftStep) * 0.125 * placement.width
                for (blur, table) in zip(blurs, tables) {
                    let candidate = Placement(start: start, width: width, blur: blur)
                    let correlation = candidate.correlation(of: table, on: darkness, modules: modules)
                    if correlation > best.correlation { best = (correlation, candidate) }
                }
            }
        }
        return best.placement
    }
}

/// Sums over paired values about their means: the co-moment of `a` and `b` and the squared
/// deviations of each (n times the covariance and the variances).
private struct CentredSums {
    var products = 0.0
    var squaresA = 0.0
    var squaresB = 0.0

    /// Nil for fewer than three pairs.
    init?(_ a: [Double], _ b: [Double]) {
        let n = Double(min(a.count, b.count))
        guard n > 2 else { return nil }
        let meanA = a.reduce(0, +) / n, meanB = b.reduce(0, +) / n
        for (x, y) in zip(a, b) {
            products += (x - meanA) * (y - meanB)
            squaresA += (x - meanA) * (x - meanA)
            squaresB += (y - meanB) * (y - meanB)
        }
    }
}

/// A code's bars blurred, at 1/16 module over a range of modules: the global search looks
/// them up instead of blurring each placement.
private struct CoverageTable {
    static let steps = 16
    let first: Int
    let values: [Double]

    init(bars: [UInt8], blur: Double, modules: Range<Int>) {
        let placement = Placement(start: 0, width: 1, blur: blur)
        first = modules.lowerBound
        values = (0...(modules.count * Self.steps)).map {
            placement.barCoverage(bars, at: Double(modules.lowerBound) + Double($0) / Double(Self.steps))
        }
    }

    func coverage(at u: Double) -> Double {
        let position = (u - Double(first)) * Double(Self.steps)
        guard position > 0 else { return values[0] }
        let index = Int(position)
        guard index + 1 < values.count else { return values[values.count - 1] }
        let fraction = position - Double(index)
        return values[index] * (1 - fraction) + values[index + 1] * fraction
    }
}

/// The 95 modules of an EAN-13 (UPC-A: first digit 0) symbol, 1 for a bar: start guard 101,
/// six left digits in odd (L) or even (G) parity as the first digit says, centre guard 01010,
/// six right digits (R), end guard 101.
struct EANBars {
    static let moduleCount = 95
    /// L codes of the digits 0 to 9; an R code is its L code inverted, a G code its R code reversed.
    static let leftOddCodes: [[UInt8]] = [
        [0, 0, 0, 1, 1, 0, 1], [0, 0, 1, 1, 0, 0, 1], [0, 0, 1, 0, 0, 1, 1], [0, 1, 1, 1, 1, 0, 1],
        [0, 1, 0, 0, 0, 1, 1], [0, 1, 1, 0, 0, 0, 1], [0, 1, 0, 1, 1, 1, 1], [0, 1, 1, 1, 0, 1, 1],
        [0, 1, 1, 0, 1, 1, 1], [0, 0, 0, 1, 0, 1, 1],
    ]
    static let rightCodes = leftOddCodes.map { $0.map { 1 - $0 } }
    static let leftEvenCodes = rightCodes.map { Array($0.reversed()) }
    /// For each first digit, which of the six left digits are in even parity.
    static let evenParity: [[Bool]] = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
        .map { $0.map { $0 == "G" } }

    let modules: [UInt8]

    /// nil unless `number` is 13 ASCII digits.
    init?(number: [UInt8]) {
        guard number.count == 13, number.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let digits = number.map { Int($0) - 48 }
        var modules: [UInt8] = [1, 0, 1]
        for position in 1...6 {
            modules += Self.evenParity[digits[0]][position - 1] ? Self.leftEvenCodes[digits[position]] : Self.leftOddCodes[digits[position]]
        }
        modules += [0, 1, 0, 1, 0]
        for position in 7...12 { modules += Self.rightCodes[digits[position]] }
        modules += [1, 0, 1]
        self.modules = modules
    }

    /// The first module of the digit at `position` (1 to 12; the first digit has no bars).
    static func firstModule(ofDigit position: Int) -> Int {
        position <= 6 ? 3 + 7 * (position - 1) : 50 + 7 * (position - 7)
    }

    /// The codes that could stand at digit `position`: either parity on the left, R on the right.
    static func codes(atDigit position: Int) -> [[UInt8]] {
        position <= 6 ? leftOddCodes + leftEvenCodes : rightCodes
    }
}

extension RetailBarsFit {
    /// The reading whose number wins a split vote on the EAN-13/UPC-A code at `reading`'s place
    /// (`RetailCodeVote.Verdict.split`): of the numbers `passes` read there, the one whose
    /// bars the picture shows digit by digit (`confirmsEveryDigit`), fitted along a zxing-cpp
    /// reading's line where one read the code (zbar's corners are the box around its scan
    /// lines); nil when no number or more than one does.
    public static func winner(atPlaceOf reading: EngineReading, passes: [[EngineReading]], in image: GrayImage) -> EngineReading? {
        let there = passes.joined().filter {
            symbologies.contains($0.symbology) && BarcodeMerger.samePlace($0.corners, reading.corners)
        }
        let corners = there.first(where: { $0.engine == .zxing })?.corners ?? reading.corners
        var seen = Set<[UInt8]>()
        let confirmed = there.filter { candidate in
            let number = RetailCodeVote.mainNumber(of: candidate)
            guard seen.insert(number).inserted else { return false }
            return fit(of: number, corners: corners, in: image)?.confirmsEveryDigit == true
        }
        return confirmed.count == 1 ? confirmed[0] : nil
    }

    /// Whether the picture shows `reading`'s number digit by digit along its own line: the
    /// second opinion on an EAN-13/UPC-A number that only one pass read.
    public static func confirms(_ reading: EngineReading, in image: GrayImage) -> Bool {
        fit(along: reading, in: image)?.confirmsEveryDigit == true
    }

    /// The fit of `reading`'s main number along its own line; nil for a symbology not fitted
    /// (`symbologies`) or where `fit(of:corners:in:)` gives none.
    public static func fit(along reading: EngineReading, in image: GrayImage) -> RetailBarsFit? {
        guard symbologies.contains(reading.symbology) else { return nil }
        return fit(of: RetailCodeVote.mainNumber(of: reading), corners: reading.corners, in: image)
    }
}
