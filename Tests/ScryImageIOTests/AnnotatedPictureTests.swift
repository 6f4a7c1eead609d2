import ScryCore
import Testing

@testable import ScryImageIO

/// Labels in any script, placed clear of what was found; outlines at least 2 px wide.
struct AnnotatedPictureTests {
    @Test func everyScriptHasAFontThatDrawsIt() throws {
        let font = try #require(LabelFont())
        // Each character drawn differently from '?' (no stand-in) and with ink.
        let question = LabelFont.visualOrder("?")
        for text in ["é", "ß", "Ж", "東", "タ", "简", "م", "ש"] {
            let order = LabelFont.visualOrder(text)
            #expect(order != question)
            var canvas = PictureCanvas(GrayImage(width: 40, height: 40, pixels: [UInt8](repeating: 255, count: 1600)), width: 40, height: 40)
            font.draw(text, size: 24, x: 4, baseline: 30, (0, 0, 0), on: &canvas)
            let inked = stride(from: 0, to: canvas.pixels.count, by: 3).filter { canvas.pixels[$0] < 128 }.count
            #expect(inked > 10, "\(text): \(inked) dark pixels")
        }
    }

    @Test func arabicIsJoinedAndLaidOutRightToLeft() {
        // "سلام": seen initial, lam medial, alef final (right-joining), meem isolated; drawn
        // right to left, so meem comes first.
        let order = LabelFont.visualOrder("سلام")
        #expect(order.map(\.value) == [0xFEE1, 0xFE8E, 0xFEE0, 0xFEB3])
        // Latin around it keeps its order.
        let mixed = LabelFont.visualOrder("qr ها ok").map(\.value)
        // Heh initial, alef final, drawn alef first.
        #expect(mixed == [0x71, 0x72, 0x20, 0xFE8E, 0xFEEB, 0x20, 0x6F, 0x6B])
    }

    @Test func placedLabelsOverlapNothing() {
        // A grid of text boxes, a page's outline around them and labels of every width.
        var obstacles = LabelPlacement.Obstacles()
        var boxes: [LabelPlacement.Box] = []
        for row in 0..<12 {
            for column in 0..<2 {
                boxes.append(LabelPlacement.Box(x: 100 + column * 260, y: 60 + row * 40, width: 200 + (row % 3) * 20, height: 18))
            }
        }
        obstacles.areas = boxes
        let page = [PixelPoint(x: 80, y: 40), PixelPoint(x: 700, y: 40), PixelPoint(x: 700, y: 560), PixelPoint(x: 80, y: 560)]
        for (a, b) in zip(page, page.dropFirst() + page.prefix(1)) { obstacles.edges.append((a, b, 3)) }
        var placement = LabelPlacement(frameWidth: 800, frameHeight: 600, obstacles: obstacles)
        var placed: [LabelPlacement.Box] = []
        for (index, box) in boxes.enumerated() {
            if let label = placement.place(width: 40 + index * 7, height: 16, around: box, gap: 2, inside: false) {
                placed.append(label)
            }
        }
        #expect(!placed.isEmpty)
        for (index, label) in placed.enumerated() {
            #expect(label.x >= 0 && label.y >= 0 && label.maxX <= 800 && label.maxY <= 600)
            #expect(!boxes.contains { $0.intersects(label) }, "\(label)")
            #expect(!placed.enumerated().contains { $0.offset != index && $0.element.intersects(label) })
            for edge in obstacles.edges { #expect(!LabelPlacement.segment(edge.a, edge.b, comesWithin: 3, of: label)) }
        }
    }

    @Test func outlinesAreAtLeastTwoPixelsWideAndOutsideTheBox() {
        let gray = GrayImage(width: 200, height: 100, pixels: [UInt8](repeating: 128, count: 20_000))
        let box = Annotation(
            lane: LaneKind(name: "text", detectionNoun: "text regions", style: AnnotationStyle(shape: .box, isTextLine: true)),
            outline: Annotation.corners(of: PixelRect(x: 50, y: 30, width: 100, height: 40)), label: "")
        let picture = AnnotatedPicture.picture(of: gray, annotations: [box], legend: "x")
        #expect(picture.width == 200 && picture.height > 100)
        // Across the top edge, at x = 100: the stroke's pixels above the box, none inside it.
        let column = (0..<100).map { picture[100, $0] }
        let stroked = column.indices.filter { column[$0] != (128, 128, 128) }
        #expect(stroked.count >= 2 * 2, "\(stroked)")  // top and bottom edges, each at least 2 px
        #expect(stroked.allSatisfy { $0 < 30 || $0 >= 70 }, "\(stroked)")
    }
}
