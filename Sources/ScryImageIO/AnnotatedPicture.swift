import ScryCore
import Synchronization
import SystemPackage

/// A picture of what was seen (`--annotate`): the upright frame in gray with every detection
/// drawn over it in its lane's colours (`AnnotationStyle`), and a legend band below it naming the picture and what
/// was found in it ("nothing found" too).
///
/// - Outlines are at least 2 pixels wide and drawn just outside the detection, so the text or
///   code they surround is left as it was; a face's landmark regions are drawn as polylines.
/// - Each label is written beside its detection, in FreeType's rendering of a font that has
///   its characters (`LabelFont`: Latin, Greek, Cyrillic, Arabic, Hebrew, Chinese, Japanese,
///   no taller than a text line it names, on a light ground. It never covers
///   another label, a text or code box, or crosses another outline, and stays in the frame.
/// - A label with no room beside its detection (the lines of a page of small print) gets a
///   number there instead, and is written after its number in a side panel right of the frame.
///
/// The frame keeps its place at the picture's top-left, pixel for pixel, so a detection's
/// pixel coordinates are the same in the picture.
public enum AnnotatedPicture {
    /// `colour` as the canvas takes it.
    static func rgb(_ colour: AnnotationStyle.Colour) -> RGBColour { (colour.red, colour.green, colour.blue) }

    /// The colour of a face's landmark regions.
    static let landmarkColour: RGBColour = (0, 200, 220)

    /// How many pixels wide the outlines are drawn: at least 2.
    public static func lineWidth(for size: ImageSize) -> Double { max(2, Double(min(size.width, size.height)) / 300) }

    /// The size labels are written at (pixels per em) in a picture of `size`: 11 to 48.
    static func labelSize(for size: ImageSize) -> Int { min(48, max(11, min(size.width, size.height) / 36)) }

    /// The smallest label size written beside a detection (pixels per em).
    static let smallestLabelSize = 9

    /// The fonts, opened once and used by one picture at a time.
    private static let font = Mutex<LabelFontBox>(LabelFontBox())

    private final class LabelFontBox: @unchecked Sendable {
        var opened = false
        var font: LabelFont?
    }

    /// Writes `image` with `annotations` (in its pixel space) and `legend` at `path` as an
    /// RGB PNG.
    public static func write(
        _ image: GrayImage, annotations: [Annotation], legend: String, to path: FilePath
    ) throws(ImageFileError) {
        try ImageFile.writePNG(picture(of: image, annotations: annotations, legend: legend), to: path)
    }

    /// A label as laid out: beside its detection, or numbered in the side panel.
    private struct Label {
        var text: String
        var colour: AnnotationStyle.Colour
        var size: Int
        var box: LabelPlacement.Box
        var number: Int?
    }

    /// `image` with `annotations` drawn over it and `legend` below it.
    public static func picture(of image: GrayImage, annotations: [Annotation], legend: String) -> ColourImage {
        font.withLock { box in
            if !box.opened {
                box.font = LabelFont()
                box.opened = true
            }
            return picture(of: image, annotations: annotations, legend: legend, font: box.font)
        }
    }

    /// The outline drawn for `annotation`: each side moved out by `distance` (its corners
    /// where the moved sides meet), so that the stroke lies outside what it outlines.
    static func drawnOutline(of annotation: Annotation, outBy distance: Double) -> [PixelPoint] {
        let points = annotation.outline
        guard points.count >= 3 else { return points }
        // The outline's turn (clockwise on screen when positive), to tell outward from inward.
        var area = 0.0
        for (a, b) in zip(points, points.dropFirst() + points.prefix(1)) { area += a.x * b.y - b.x * a.y }
        guard area != 0 else { return points }
        let sign = area > 0 ? 1.0 : -1.0
        // Each side as a point and its outward normal.
        let count = points.count
        var sides: [(point: PixelPoint, normal: PixelPoint)] = []
        for index in 0..<count {
            let a = points[index], b = points[(index + 1) % count]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return points }
            let normal = PixelPoint(x: sign * dy / length, y: -sign * dx / length)
            sides.append((PixelPoint(x: a.x + normal.x * distance, y: a.y + normal.y * distance), normal))
        }
        return (0..<count).map { index in
            // Where the side before the corner meets the side after it, both moved out.
            let before = sides[(index + count - 1) % count], after = sides[index]
            let sum = PixelPoint(x: before.normal.x + after.normal.x, y: before.normal.y + after.normal.y)
            let dot = before.normal.x * after.normal.x + before.normal.y * after.normal.y
            let corner = points[index]
            // Along the bisector, far enough for both sides to be `distance` away (at most 4x,
            // for a corner that is all but a spike).
            let scale = min(4 * distance, distance / max(0.25, ((1 + dot) / 2).squareRoot())) / max(1e-9, (sum.x * sum.x + sum.y * sum.y).squareRoot())
            return PixelPoint(x: corner.x + sum.x * scale, y: corner.y + sum.y * scale)
        }
    }

    /// Whether the convex `polygon` holds `point`.
    static func polygon(_ polygon: [PixelPoint], contains point: PixelPoint) -> Bool {
        var sign = 0.0
        for (a, b) in zip(polygon, polygon.dropFirst() + polygon.prefix(1)) {
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    private static func picture(
        of image: GrayImage, annotations: [Annotation], legend: String, font: LabelFont?
    ) -> ColourImage {
        let size = image.size
        let lineWidth = lineWidth(for: size)
        let labelSize = labelSize(for: size)
        let outlines = annotations.map { drawnOutline(of: $0, outBy: lineWidth / 2 + 1) }

        // What labels keep clear of.
        var obstacles = LabelPlacement.Obstacles()
        for (annotation, outline) in zip(annotations, outlines) where !outline.isEmpty {
            if annotation.lane.style.shape == .box || outline.count < 3 {
                obstacles.areas.append(LabelPlacement.Box(enclosing: outline, margin: lineWidth / 2 + 1))
            } else {
                for (a, b) in zip(outline, outline.dropFirst() + outline.prefix(1)) {
                    obstacles.edges.append((a, b, lineWidth / 2 + 2))
                }
            }
        }
        var placement = LabelPlacement(frameWidth: size.width, frameHeight: size.height, obstacles: obstacles)

        // Labels by their lanes' order (codes first, then faces and pages, then text lines),
        // each lane's from the top.
        var labels: [Label] = []
        var numbered: [(annotation: Int, label: Label)] = []
        let order = annotations.indices.sorted {
            let a = annotations[$0], b = annotations[$1]
            let ra = a.lane.style.labelOrder, rb = b.lane.style.labelOrder
            if ra != rb { return ra < rb }
            let ya = a.outline.map(\.y).min() ?? 0, yb = b.outline.map(\.y).min() ?? 0
            return ya != yb ? ya < yb : (a.outline.map(\.x).min() ?? 0) < (b.outline.map(\.x).min() ?? 0)
        }
        if let font {
            for index in order {
                let annotation = annotations[index]
                let text = (annotation.track.map { "#\($0) " } ?? "") + annotation.label
                guard !text.isEmpty, !outlines[index].isEmpty else { continue }
                let around = LabelPlacement.Box(enclosing: outlines[index], margin: lineWidth / 2)
                var sizes: [Int]
                if annotation.lane.style.isTextLine {
                    // No taller than the line: its ink from ascender to descender (the outline's
                    // left side, for a line turned a little).
                    let outline = annotation.outline
                    let lineHeight = outline.count == 4
                        ? Int(min(outline[0].distance(to: outline[3]), outline[1].distance(to: outline[2])))
                        : Int((outline.map(\.y).max() ?? 0) - (outline.map(\.y).min() ?? 0))
                    let largest = min(labelSize, Int(Double(lineHeight) * 0.8))
                    sizes = largest >= smallestLabelSize ? [largest] : []
                    while let last = sizes.last, last * 4 / 5 >= smallestLabelSize, sizes.count < 3 { sizes.append(last * 4 / 5) }
                } else {
                    sizes = [labelSize, max(smallestLabelSize, labelSize * 3 / 4)]
                }
                var done = false
                for labelSize in sizes {
                    let metrics = font.lineMetrics(size: labelSize)
                    let width = font.width(of: text, size: labelSize) + 4
                    let height = metrics.ascender + metrics.descender + 2
                    guard width <= size.width, height <= size.height else { continue }
                    let inside = annotation.lane.style.shape == .region
                    if let box = placement.place(width: width, height: height, around: around, gap: 2, inside: inside) {
                        labels.append(Label(text: text, colour: annotation.lane.style.label, size: labelSize, box: box))
                        done = true
                        break
                    }
                }
                if !done {
                    let number = numbered.count + 1
                    let tagSize = max(smallestLabelSize, min(labelSize, 14))
                    let metrics = font.lineMetrics(size: tagSize)
                    let tag = placement.placeTag(
                        width: font.width(of: "\(number)", size: tagSize) + 4, height: metrics.ascender + metrics.descender + 2,
                        around: around, gap: 2)
                    let colour = annotation.lane.style.label
                    labels.append(Label(text: "\(number)", colour: colour, size: tagSize, box: tag, number: number))
                    numbered.append((index, Label(text: "\(number)  \(text)", colour: colour, size: labelSize, box: tag)))
                }
            }
        }

        // The canvas: the frame, the side panel (for numbered labels) and the legend band.
        let panelMetrics: (ascender: Int, descender: Int) = font?.lineMetrics(size: labelSize) ?? (labelSize, labelSize / 4)
        let panelLine = panelMetrics.ascender + panelMetrics.descender + 4
        // As wide as its longest entry (at most the frame's width, entries cut with "…").
        let longest = numbered.map { font?.width(of: $0.label.text, size: labelSize) ?? 0 }.max() ?? 0
        let panelWidth = numbered.isEmpty ? 0 : min(max(size.width, 240), max(240, longest + 12))
        let bandHeight = font == nil ? 0 : panelLine + 6
        let width = size.width + panelWidth
        let height = max(size.height, numbered.count * panelLine + 8) + bandHeight
        var canvas = PictureCanvas(image, width: width, height: height)

        // Outlines (codes last, so that their outlines stay whole where a box shares an edge),
        // then landmarks, then labels, so that no line crosses a label.
        // A text line's outline that passes through another line's box (lines set close
        // together, whose boxes overlap) is dashed there, so that it hides little of that line.
        let textBoxes = annotations.indices.filter { annotations[$0].lane.style.isTextLine && annotations[$0].outline.count >= 3 }
            .map { (index: $0, polygon: annotations[$0].outline, box: LabelPlacement.Box(enclosing: annotations[$0].outline, margin: 0)) }
        for index in annotations.indices.sorted(by: { (annotations[$0].lane.style.drawnLast ? 1 : 0) < (annotations[$1].lane.style.drawnLast ? 1 : 0) }) {
            var keeps: ((Int, Int, Double) -> Bool)?
            if annotations[index].lane.style.isTextLine {
                let others = textBoxes.filter { $0.index != index }
                keeps = { x, y, along in
                    let pixel = LabelPlacement.Box(x: x, y: y, width: 1, height: 1)
                    let point = PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    guard others.contains(where: { $0.box.intersects(pixel) && Self.polygon($0.polygon, contains: point) }) else {
                        return true
                    }
                    return along.truncatingRemainder(dividingBy: 8) < 2
                }
            }
            canvas.stroke(outlines[index], closed: true, lineWidth: lineWidth, rgb(annotations[index].lane.style.outline), where: keeps)
        }
        for annotation in annotations {
            for stroke in annotation.strokes {
                canvas.stroke(stroke.points, closed: stroke.closed, lineWidth: max(1.5, lineWidth * 0.6), landmarkColour)
            }
        }
        guard let font else { return canvas.image }
        for label in labels {
            let box = label.box
            canvas.fill(x: box.x, y: box.y, width: box.width, height: box.height, (255, 255, 255), opacity: 0.85)
            let metrics = font.lineMetrics(size: label.size)
            font.draw(label.text, size: label.size, x: box.x + 2, baseline: box.y + 1 + metrics.ascender, rgb(label.colour), on: &canvas)
        }
        if panelWidth > 0 {
            canvas.fill(x: size.width, y: 0, width: 1, height: height - bandHeight, (160, 160, 160))
            for (row, entry) in numbered.enumerated() {
                let text = font.fitted(entry.label.text, size: labelSize, maximumWidth: panelWidth - 10)
                font.draw(
                    text, size: labelSize, x: size.width + 6, baseline: 4 + row * panelLine + 2 + panelMetrics.ascender,
                    rgb(entry.label.colour), on: &canvas)
            }
        }
        if bandHeight > 0 {
            let top = height - bandHeight
            canvas.fill(x: 0, y: top, width: width, height: bandHeight, (236, 236, 236))
            let text = font.fitted(legend, size: labelSize, maximumWidth: width - 8)
            font.draw(text, size: labelSize, x: 4, baseline: top + 3 + panelMetrics.ascender, (16, 16, 16), on: &canvas)
        }
        return canvas.image
    }
}
