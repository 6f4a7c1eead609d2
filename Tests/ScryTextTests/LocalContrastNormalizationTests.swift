import ScryCore
@testable import ScryText
import Testing

@Test func gridWindowsEqualTheWindowsMinimumMaximumAndMean() {
    var generator = SystemRandomNumberGenerator()
    for (columns, rows) in [(1, 1), (5, 9), (37, 23)] {
        let values = (0..<(columns * rows)).map { _ in Float(UInt8.random(in: 0...255, using: &generator)) }
        for (before, after) in [(0, 0), (2, 2), (4, 3), (20, 19)] {
            let grid = CellGrid(columns: columns, rows: rows, before: before, after: after)
            let results = [
                grid.windowed(values, CellGrid.minimum), grid.windowed(values, CellGrid.maximum),
                grid.windowed(values, CellGrid.mean),
            ]
            for row in 0..<rows {
                for column in 0..<columns {
                    var window: [Float] = []
                    for r in max(0, row - before)...min(rows - 1, row + after) {
                        for c in max(0, column - before)...min(columns - 1, column + after) { window.append(values[r * columns + c]) }
                    }
                    let expected = [window.min()!, window.max()!, window.reduce(0, +) / Float(window.count)]
                    for (result, value) in zip(results, expected) {
                        #expect(abs(result[row * columns + column] - value) < 0.01, "\(columns)x\(rows) at \(column),\(row), window -\(before)/+\(after)")
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
