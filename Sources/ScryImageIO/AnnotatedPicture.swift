internal import CLeptonica
import ScryCore
import SystemPackage

/// A picture of what was seen (`--annotate`): the upright frame in gray, with every detection
/// drawn over it in colour (its outline, its label on a white ground, its track), and a legend
/// in the top-left corner. Written as an RGB PNG through Leptonica, whose bitmap font draws the
/// labels (printable ASCII; other characters are shown as '?').
public enum AnnotatedPicture {
    /// The colour of a detector's outlines and labels, as red, green, blue.
    public static func colour(of kind: String) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch kind {
        case "barcode": (0, 200, 0)
        case "text": (0, 90, 255)
        case "face": (255, 140, 0)
        case "rectangle": (220, 0, 0)
        default: (230, 0, 200)
        }
    }

    /// How many pixels wide the outlines are drawn.
    public static func lineWidth(for size: ImageSize) -> Int { max(3, min(size.width, size.height) / 200) }

    /// Writes `image` with `annotations` (in its pixel space) and `legend` at `path`.
    public static func write(
        _ image: GrayImage, annotations: [Annotation], legend: String, to path: FilePath
    ) throws(ImageFileError) {
        var gray: UnsafeMutablePointer<PIX>? = try ImageFile.grayPix(image)
        defer { pixDestroy(&gray) }
        var pix = pixConvertTo32(gray)
        guard let canvas = pix else { throw .cannotWrite("out of memory") }
        defer { pixDestroy(&pix) }
        let fontSize = max(8, min(20, (image.width / 90) & ~1))
        var font = bmfCreate(nil, Int32(fontSize))
        defer { if font != nil { bmfDestroy(&font) } }
        let width = Int32(lineWidth(for: image.size))
        // Barcodes last: their outlines stay whole where a text box shares an edge with them.
        let ordered = annotations.filter { $0.kind != "barcode" } + annotations.filter { $0.kind == "barcode" }
        for annotation in ordered where annotation.outline.count >= 2 {
            let colour = colour(of: annotation.kind)
            var points = ptaCreate(Int32(annotation.outline.count))
            for point in annotation.outline { ptaAddPt(points, Float(point.x), Float(point.y)) }
            pixRenderPolylineArb(canvas, points, width, colour.red, colour.green, colour.blue, 1)
            ptaDestroy(&points)
        }
        if let font {
            // Labels after outlines, so that no outline crosses a label.
            for annotation in ordered {
                var label = annotation.track.map { "#\($0) " } ?? ""
                label += annotation.label
                guard !label.isEmpty, let top = annotation.outline.min(by: { $0.y < $1.y }) else { continue }
                let left = annotation.outline.map(\.x).min() ?? 0
                let colour = colour(of: annotation.kind)
                drawLabel(
                    label, at: (Int32(left), Int32(top.y) - Int32(width) - 2), colour: colour, font: font, on: canvas,
                    above: true)
            }
            drawLabel(legend, at: (4, 4), colour: (16, 16, 16), font: font, on: canvas, above: false)
        }
        try ImageFile.writePNG(canvas, to: path)
    }

    /// `text` on a white box: its bottom-left at `point` when `above`, else its top-left.
    private static func drawLabel(
        _ text: String, at point: (x: Int32, y: Int32), colour: (red: UInt8, green: UInt8, blue: UInt8),
        font: UnsafeMutablePointer<L_BMF>, on pix: UnsafeMutablePointer<PIX>, above: Bool
    ) {
        let ascii = String(text.unicodeScalars.map { $0.value >= 32 && $0.value < 127 ? Character($0) : "?" })
        var textWidth: Int32 = 0
        guard bmfGetStringWidth(font, ascii, &textWidth) == 0 else { return }
        let lineHeight = font.pointee.lineheight
        let pixWidth = pixGetWidth(pix)
        let pixHeight = pixGetHeight(pix)
        let x = max(0, min(point.x, pixWidth - textWidth - 4))
        var top = above ? point.y - lineHeight : point.y
        if top < 0 { top = 0 }
        if top + lineHeight + 2 > pixHeight { top = max(0, pixHeight - lineHeight - 2) }
        var box = boxCreate(x, top, textWidth + 4, lineHeight + 2)
        if let box { pixSetInRect(pix, box) }
        boxDestroy(&box)
        let value = UInt32(colour.red) << 24 | UInt32(colour.green) << 16 | UInt32(colour.blue) << 8
        var drawn: Int32 = 0
        var overflow: Int32 = 0
        // The baseline of capitals ('A' in Leptonica's baseline table), below the box's top.
        let baseline = top + 1 + (font.pointee.baselinetab?[65] ?? lineHeight - 2)
        pixSetTextline(pix, font, ascii, value, x + 2, baseline, &drawn, &overflow)
    }
}
