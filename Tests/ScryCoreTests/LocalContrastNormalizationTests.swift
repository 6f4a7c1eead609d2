@testable import ScryCore
import Testing

@Test func slidingExtremumEqualsTheWindowsExtremum() {
    var generator = SystemRandomNumberGenerator()
    for count in [1, 2, 7, 40, 123] {
        let values = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for (before, after) in [(0, 0), (1, 1), (3, 4), (10, 9), (60, 59)] {
            for takesMax in [false, true] {
                var result = [UInt8](repeating: 0, count: count)
                LocalContrastNormalization.slidingExtremum(
                    values, count: count, before: before, after: after, pick: takesMax ? max : min, into: &result)
                let expected = (0..<count).map { index in
                    let window = values[max(0, index - before)...min(count - 1, index + after)]
                    return takesMax ? window.max()! : window.min()!
                }
                #expect(result == expected, "count \(count), window -\(before)/+\(after), max \(takesMax)")
            }
        }
    }
}

@Test func squareExtremumEqualsTheSquaresExtremum() {
    var generator = SystemRandomNumberGenerator()
    for (width, height) in [(1, 1), (5, 9), (37, 23)] {
        let image = GrayImage(
            width: width, height: height, pixels: (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for (before, after) in [(0, 0), (2, 2), (4, 3), (20, 19)] {
            for takesMax in [false, true] {
                let result = LocalContrastNormalization.extremum(image, before: before, after: after, pick: takesMax ? max : min)
                for y in 0..<height {
                    for x in 0..<width {
                        var values: [UInt8] = []
                        for v in max(0, y - before)...min(height - 1, y + after) {
                            for u in max(0, x - before)...min(width - 1, x + after) { values.append(image[u, v]) }
                        }
                        let expected = takesMax ? values.max()! : values.min()!
                        #expect(result[x, y] == expected, "\(width)x\(height) at \(x),\(y), window -\(before)/+\(after)")
                    }
                }
            }
        }
    }
}

/// A faded receipt in miniature: gray strokes (180) on paper (240), and one black block (0)
/// far from them, which is what puts the faded print on the paper's side of a global threshold.
private func fadedPage() -> GrayImage {
    var image = GrayImage(width: 400, height: 200, filledWith: 240)
    for y in 40..<48 { for x in 20..<180 where x % 12 < 4 { image[x, y] = 180 } }
    for y in 120..<180 { for x in 300..<380 { image[x, y] = 0 } }
    return image
}

@Test func fadedStrokesBecomeInkAndPaperStaysWhite() {
    let page = fadedPage()
    let normalized = LocalContrastNormalization(window: 80).apply(to: page)
    #expect(normalized.size == page.size)
    // The faded strokes are now ink by Otsu's rule, the paper between them white.
    let threshold = OtsuBinarization(of: normalized).threshold
    #expect(OtsuBinarization(of: page).threshold < 180, "before, the faded strokes count as paper")
    #expect(Int(normalized[24, 44]) <= threshold && normalized[24, 44] < 40, "stroke: \(normalized[24, 44]), threshold \(threshold)")
    #expect(normalized[30, 44] > 200, "paper between strokes: \(normalized[30, 44])")
    #expect(normalized[340, 150] == 0, "the black block stays black")
}

@Test func blankPaperIsNotBlownUpIntoInk() {
    // Paper with a little texture (236-244) and nothing printed: the stretch is limited to
    // `minimumRange`, so no pixel comes out dark.
    var paper = GrayImage(width: 200, height: 100, filledWith: 240)
    for index in paper.pixels.indices { paper.pixels[index] = UInt8(236 + (index * 7919) % 9) }
    let normalized = LocalContrastNormalization(window: 80, minimumRange: 60).apply(to: paper)
    #expect(normalized.pixels.min()! > 100, "darkest: \(normalized.pixels.min()!)")
}

@Test func theWindowCoversFourLines() {
    #expect(LocalContrastNormalization.window(forLineHeight: nil) == 80)
    #expect(LocalContrastNormalization.window(forLineHeight: 12) == 80)
    #expect(LocalContrastNormalization.window(forLineHeight: 30) == 120)
}
