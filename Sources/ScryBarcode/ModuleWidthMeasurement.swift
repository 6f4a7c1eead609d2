import ScryCore

/// The module size of a linear or stacked symbol whose module count the engines do not give
/// (PDF417's column count, DataBar Expanded's character count), measured from its bars: along
/// lines across the symbol, each bar and space is a whole number of modules, so the module is
/// the width that makes the element widths closest to whole multiples of it.
public enum ModuleWidthMeasurement {
    /// The symbologies measured this way.
    public static let symbologies: Set<Symbology> = [
        .pdf417, .micro_pdf417, .databar_expanded, .databar_expanded_stacked,
    ]

    /// The estimated pixels per module of the symbol with `corners` (pixel space of `image`,
    /// the symbol's own top-left first, clockwise) in `image`; nil when no line across it
    /// shows enough bars.
    public static func modulePixels(of symbology: Symbology, corners: [PixelPoint], in image: GrayImage) -> Double? {
        guard corners.count == 4 else { return nil }
        // Three lines across, at 30%, 50% and 70% of the height: in a stacked symbol one may
        // fall on a separator row.
        let lines = [0.3, 0.5, 0.7].compactMap { fraction -> LineMeasurement? in
            let left = interpolate(corners[0], corners[3], fraction)
            let right = interpolate(corners[1], corners[2], fraction)
            // A little beyond the corners, so the outer bars are whole.
            return measure(alongLineFrom: interpolate(left, right, -0.03), to: interpolate(left, right, 1.03), in: image)
        }.sorted { $0.module < $1.module }
        guard !lines.isEmpty else { return nil }
        let median = lines[lines.count / 2]
        let modules = median.span / median.module
        switch symbology {
        case .pdf417:
            // A PDF417 row, first bar to last, is 17 modules per data column plus 69 (start
            // pattern, two row indicators, stop pattern), or in a compact PDF417 plus 35 (no
            // right row indicator, a one-module stop bar): 17 k + 1 either way, and the
            // nearest such width fixes the module.
            let seventeens = max(3, ((modules - 1) / 17).rounded())
            return median.span / (17 * seventeens + 1)
        case .micro_pdf417:
            // MicroPDF417 rows are 38, 55, 82 or 99 modules wide (1 to 4 columns).
            let widths: [Double] = [38, 55, 82, 99]
            let nearest = widths.min { abs($0 - modules) < abs($1 - modules) }!
            return median.span / nearest
        default:
            return median.module
        }
    }

    /// What one line across a symbol shows: the module, and the span from its first bar to its
    /// last, in pixels.
    struct LineMeasurement {
        var module: Double
        var span: Double
    }

    /// The module along one line: the element widths (runs of dark and light samples, every
    /// quarter pixel, split at the midpoint of the line's darkest and lightest tenths) are
    /// divided by a first guess (their 20th percentile, most often one module), rounded to
    /// whole modules, and the elements' span over their sum is the next guess, three times.
    static func measure(alongLineFrom start: PixelPoint, to end: PixelPoint, in image: GrayImage) -> LineMeasurement? {
        let length = distance(start, end)
        guard length >= 8, image.width > 1, image.height > 1 else { return nil }
        let step = 0.25
        let count = Int(length / step)
        var samples = [Double](repeating: 0, count: count)
        for index in 0..<count {
            let t = Double(index) / Double(count - 1)
            samples[index] = bilinearSample(image, interpolate(start, end, t))
        }
        let sorted = samples.sorted()
        let dark = sorted[sorted.count / 10]
        let light = sorted[sorted.count * 9 / 10]
        guard light - dark >= 20 else { return nil }
        let threshold = (dark + light) / 2
        // Runs of dark and light samples; the elements are the runs from the first dark one
        // to the last (the light runs outside are quiet zone, of no known width).
        var runs: [(dark: Bool, width: Double)] = []
        for sample in samples {
            let isDark = sample < threshold
            if let last = runs.last, last.dark == isDark {
                runs[runs.count - 1].width += step
            } else {
                runs.append((isDark, step))
            }
        }
        guard let first = runs.firstIndex(where: \.dark), let last = runs.lastIndex(where: \.dark) else { return nil }
        let elements = runs[first...last].map(\.width)
        guard elements.count >= 12 else { return nil }
        let span = elements.reduce(0, +)
        var module = elements.sorted()[elements.count / 5]
        guard module > 0 else { return nil }
        for _ in 0..<3 {
            let modules = elements.reduce(0) { $0 + max(1, ($1 / module).rounded()) }
            module = span / modules
        }
        return LineMeasurement(module: module, span: span)
    }

    private static func interpolate(_ a: PixelPoint, _ b: PixelPoint, _ t: Double) -> PixelPoint {
        PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    private static func distance(_ a: PixelPoint, _ b: PixelPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The gray level at `point` (pixel centres at half-integers), clamped to the image.
    static func bilinearSample(_ image: GrayImage, _ point: PixelPoint) -> Double {
        let x = min(max(point.x - 0.5, 0), Double(image.width - 1))
        let y = min(max(point.y - 0.5, 0), Double(image.height - 1))
        let x0 = min(Int(x), image.width - 2)
        let y0 = min(Int(y), image.height - 2)
        let fx = x - Double(x0)
        let fy = y - Double(y0)
        let top = Double(image[x0, y0]) * (1 - fx) + Double(image[x0 + 1, y0]) * fx
        let bottom = Double(image[x0, y0 + 1]) * (1 - fx) + Double(image[x0 + 1, y0 + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }
}
