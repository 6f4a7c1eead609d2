import ScryCore
/// How large text should be for tesseract, and how much to scale an image to get it there.
/// Tesseract reads best with capital letters about 20-30 px tall and loses letters below
/// about 10 px (its minimum x-height); layout analysis alone finds lines of large text just
/// as well at half size.
public enum TextScale {
    /// Line height (pixels, the median over an image's line boxes) below which recognition
    /// runs on an enlarged copy: receipts scaled into a 1280x720 frame (lines 12-16 px) read
    /// 71% of their words enlarged twice against 50% as they are (docs/text-benchmark.md).
    public static let smallLineHeight = 22.0

    /// Line height from which layout analysis can run at half size and still find every
    /// line: on rendered pages, half-size layout matched every full-size line box (F1 1.0 at
    /// IoU 0.5) from 18 px lines up, and lost 40% of them at 14 px; it takes half the time.
    public static let largeLineHeight = 20.0

    /// The median height of `lines`, in pixels; nil for none.
    public static func medianHeight(of lines: [PixelRect]) -> Double? {
        guard !lines.isEmpty else { return nil }
        let heights = lines.map(\.height).sorted()
        return heights[heights.count / 2]
    }

    /// How many times to enlarge an image whose median line height is `height` before
    /// recognizing it: 1 (text large enough, or no lines found), 2, or 3 for tiny text.
    public static func recognitionFactor(medianLineHeight height: Double?) -> Int {
        guard let height, height > 0, height < smallLineHeight else { return 1 }
        return height < smallLineHeight / 2 ? 3 : 2
    }
}
