import Glibc
import ScryCore

/// A barcode seen in a frame, read or not, and how wide its modules look: a linear code where
/// OpenCV's barcode detector finds parallel bars (`BarRegionFinder`) or, with modules of
/// about a pixel, where bars' edges go on down the rows (`LinearSighting`); a QR code where
/// three finder patterns and its timing patterns line up (`QRCodeSighting`); a Micro QR code
/// where one finder and its timing patterns do (`MicroQRSighting`); an Aztec code by its
/// bullseye (`AztecSighting`); a PDF417 code by its start and stop patterns
/// (`PDF417Sighting`); or a Data Matrix code by its L and timing pattern
/// (`DataMatrixSighting`). The guidance lane tells the user to move closer for one the
/// barcode lane did not read whose modules are under `GuidanceDetector.unreadModuleLimit`.
public struct BarcodeSighting: Sendable, Equatable {
    /// What was seen.
    public enum Kind: String, Sendable {
        /// Parallel bars: a linear code of any symbology.
        case linear
        /// A QR code (Model 2, versions 1 to 40).
        case qrCode = "qr_code"
        /// An Aztec code, compact or full-range.
        case aztec
        /// A PDF417 code.
        case pdf417
        /// A Micro QR code (M1 to M4).
        case microQRCode = "micro_qr_code"
        /// A Data Matrix code (ECC 200).
        case dataMatrix = "data_matrix"
    }

    public var kind: Kind
    /// The corners around the code in the frame's upright pixel space (origin top-left, y
    /// down): for a linear code the rotated rectangle around its bars, for a QR code its
    /// symbol's corners.
    public var corners: [PixelPoint]
    /// For a linear code, the bars and spaces counted across it, from its first edge to its
    /// last (the median of three lines across it); an EAN-13 has 59. For a QR code, its
    /// modules across (21 to 177), for a Micro QR code 11 to 17; for an Aztec code, its modules across as far as its quiet
    /// zone (15 to 151); for a PDF417 code, its modules across a row, from the start pattern's
    /// first edge to the stop pattern's last; for a Data Matrix code, its modules across, the
    /// L and the timing pattern included (10 to 52).
    public var elements: Int
    /// The width of one module in pixels, estimated: the span of the bars and spaces over
    /// their count, over `modulesPerElement`. Nil when fewer than `leastElements` were counted.
    public var moduleSize: Double?

    /// A linear code's bars and spaces are 1.3 to 1.85 modules wide on average: EAN-13 95
    /// modules in 59 (1.61), Code 128 11 in 6 a character (1.83), Code 39 and ITF 1.3 with
    /// wide elements twice the narrow ones and 1.6 with three times. The middle of that range
    /// measures a module within about 20% whatever the symbology.
    public static let modulesPerElement = 1.6
    /// Fewer bars and spaces than this are not a code (EAN-8, the shortest common one, has 43).
    public static let leastElements = 20

    public init(kind: Kind = .linear, corners: [PixelPoint], elements: Int, moduleSize: Double?) {
        self.kind = kind
        self.corners = corners
        self.elements = elements
        self.moduleSize = moduleSize
    }

    /// The linear codes OpenCV sees in `image` and those of finer bars its rows show, the QR
    /// codes whose finders line up, the Micro QR codes whose lone finder has its timing
    /// patterns beside it, the Aztec codes whose bullseye is seen, the PDF417 codes whose two
    /// guard columns are and the Data Matrix codes whose L and timing pattern are, with their
    /// modules measured.
    public static func find(in image: GrayImage) -> [BarcodeSighting] {
        let marks = CodeMarks.find(in: image)
        let qrCodes = QRCodeSighting.find(finders: marks.finders, in: image)
        let bars = BarRegionFinder.regions(in: image).map { measured($0, in: image) }
        let barBoxes = bars.filter { $0.moduleSize != nil }.compactMap { PixelRect(enclosing: $0.corners) }
        // The codes of modules of about a pixel whose bars OpenCV's detector did not see or
        // could not measure.
        let fineBars = LinearSighting.find(regions: marks.darkRegions).filter { code in
            !barBoxes.contains { $0.contains(middle(of: code.corners)) }
        }
        return bars + fineBars + qrCodes
            + MicroQRSighting.find(finders: marks.finders, excluding: qrCodes.map(\.corners), in: image)
            + AztecSighting.find(bullseyes: marks.bullseyes, in: image) + PDF417Sighting.find(columns: marks.guardColumns)
            + DataMatrixSighting.find(regions: marks.darkRegions, in: image)
    }

    /// The middle of four corners.
    private static func middle(of corners: [PixelPoint]) -> PixelPoint {
        PixelPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    }

    /// The sighting of the bars inside `corners` (a rotated rectangle in `image`'s pixel
    /// space): the bars' direction from the gradients inside it (the structure tensor's
    /// dominant orientation), then three lines across the bars at a quarter-pixel step, each
    /// element a stretch above or below the line's running mean by more than
    /// `elementContrast`. Even stripes, whose bars are of one width and spaces of one width
    /// (`ElementSpread`), are not measured.
    public static func measured(_ corners: [PixelPoint], in image: GrayImage) -> BarcodeSighting {
        guard corners.count == 4, image.width > 2, image.height > 2,
            let direction = acrossBars(inside: corners, of: image)
        else { return BarcodeSighting(corners: corners, elements: 0, moduleSize: nil) }
        let center = PixelPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        let normal = (x: -direction.y, y: direction.x)
        let along = corners.map { ($0.x - center.x) * direction.x + ($0.y - center.y) * direction.y }
        let across = corners.map { ($0.x - center.x) * normal.x + ($0.y - center.y) * normal.y }
        let height = (across.max() ?? 0) - (across.min() ?? 0)
        let lines = [-0.2, 0, 0.2].compactMap { offset -> (span: Double, elements: Int, spread: Float)? in
            let start = PixelPoint(
                x: center.x + offset * height * normal.x, y: center.y + offset * height * normal.y)
            return elements(
                along: start, direction: direction, from: along.min() ?? 0, to: along.max() ?? 0, in: image)
        }.sorted { $0.elements < $1.elements }
        guard !lines.isEmpty else { return BarcodeSighting(corners: corners, elements: 0, moduleSize: nil) }
        let middle = lines[lines.count / 2]
        // Even stripes are no code: their module is not measured.
        let module = middle.elements >= leastElements && middle.spread >= ElementSpread.leastOfACode
            ? middle.span / Double(middle.elements) / modulesPerElement : nil
        return BarcodeSighting(corners: corners, elements: middle.elements, moduleSize: module)
    }

    /// How far a sample must lie above or below the running mean to start a bar or a space.
    static let elementContrast = 4.0
    /// The running mean's width, in pixels along the line.
    static let meanWidth = 20.0
    /// Samples a pixel along a line.
    static let step = 0.25
    /// A gap this many median elements wide ends a code: its widest bar or space is 4
    /// modules, about 2.5 median elements; its quiet zone is 7 to 11 modules and more.
    static let quietGap = 4.0

    /// The unit vector across the bars (the gradients' dominant direction) inside `corners`'
    /// bounding box, or nil where the box holds no gradient.
    private static func acrossBars(inside corners: [PixelPoint], of image: GrayImage) -> (x: Double, y: Double)? {
        let left = max(1, Int(corners.map(\.x).min()!.rounded(.down)))
        let right = min(image.width - 2, Int(corners.map(\.x).max()!.rounded(.up)))
        let top = max(1, Int(corners.map(\.y).min()!.rounded(.down)))
        let bottom = min(image.height - 2, Int(corners.map(\.y).max()!.rounded(.up)))
        guard left < right, top < bottom else { return nil }
        var (xx, yy, xy) = (0.0, 0.0, 0.0)
        image.forEachGradient(columns: left...right, rows: top...bottom) { gx, gy in
            xx += gx * gx
            yy += gy * gy
            xy += gx * gy
        }
        guard xx + yy > 0 else { return nil }
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        return (cos(angle), sin(angle))
    }

    /// The bars and spaces crossed from `start + from * direction` to `start + to *
    /// direction`: the distance from the first element's edge to the last, how many
    /// elements lie between them, and how their widths spread (`ElementSpread.value`). Nil
    /// for fewer than two edges.
    private static func elements(
        along start: PixelPoint, direction: (x: Double, y: Double), from: Double, to: Double, in image: GrayImage
    ) -> (span: Double, elements: Int, spread: Float)? {
        guard to > from else { return nil }
        let count = Int((to - from) / step)
        guard count > 2 else { return nil }
        let samples = (0..<count).map { index -> Double in
            let t = from + Double(index) * step
            return image.interpolated(x: start.x + t * direction.x, y: start.y + t * direction.y)
        }
        // The running mean, from a prefix sum.
        var sums = [0.0]
        sums.reserveCapacity(count + 1)
        for sample in samples { sums.append(sums.last! + sample) }
        let half = Int(meanWidth / step / 2)
        var side = 0
        var edges: [Int] = [], darkAfter: [Bool] = []
        for index in 0..<count {
            let low = max(0, index - half), high = min(count, index + half + 1)
            let mean = (sums[high] - sums[low]) / Double(high - low)
            let now = samples[index] > mean + elementContrast ? 1 : samples[index] < mean - elementContrast ? -1 : side
            if now != side {
                if side != 0 {
                    edges.append(index)
                    darkAfter.append(now < 0)
                }
                side = now
            }
        }
        // The code is the longest run of edges without a gap wider than `quietGap` median
        // elements: its quiet zones end it, and what lies beyond them (a card's edge, the
        // desk's grain) is not counted.
        guard edges.count >= 2 else { return nil }
        let gaps = zip(edges.dropFirst(), edges).map { $0 - $1 }
        let medianGap = Double(gaps.sorted()[gaps.count / 2])
        var best = (first: 0, last: 0), first = 0
        for index in 1..<edges.count {
            if Double(gaps[index - 1]) > quietGap * medianGap { first = index }
            if index - first > best.last - best.first { best = (first, index) }
        }
        guard best.last > best.first else { return nil }
        var spread = ElementSpread()
        for index in best.first..<best.last {
            spread.add(width: Float(gaps[index]), bar: darkAfter[index])
        }
        return (Double(edges[best.last] - edges[best.first]) * step, best.last - best.first, spread.value)
    }
}
