import Foundation
import ScryCore
import Testing

@testable import ScryNeuralText

@Suite struct ModelInputTests {
    @Test func grayIsCopiedToThreeNormalizedChannels() {
        let image = GrayImage(width: 2, height: 1, pixels: [0, 255])
        let symmetric = image.modelInput(width: 2, height: 1, normalization: .symmetric)
        #expect(symmetric.shape == [1, 3, 1, 2])
        #expect(symmetric.values == [-1, 1, -1, 1, -1, 1])
        let imageNet = image.modelInput(width: 2, height: 1, normalization: .imageNet)
        #expect(abs(imageNet.values[0] - (-0.485 / 0.229)) < 1e-5)
        #expect(abs(imageNet.values[5] - ((1 - 0.406) / 0.225)) < 1e-5)
    }

    @Test func aPaddedInputIsMiddleGrayOnTheRight() {
        let image = GrayImage(width: 2, height: 2, pixels: [0, 255, 255, 0])
        let padded = image.modelInput(width: 2, height: 2, normalization: .symmetric, paddedWidth: 4)
        #expect(padded.shape == [1, 3, 2, 4])
        #expect(padded.values.prefix(8) == [-1, 1, 0, 0, 1, -1, 0, 0])
        #expect(padded.values.suffix(8) == [-1, 1, 0, 0, 1, -1, 0, 0])
        #expect(image.modelInput(width: 2, height: 2, normalization: .symmetric, paddedWidth: 1).shape == [1, 3, 2, 2])
    }

    @Test func aPaddedInputIsMiddleGrayBelow() {
        let image = GrayImage(width: 2, height: 1, pixels: [0, 255])
        let padded = image.modelInput(width: 2, height: 1, normalization: .symmetric, paddedWidth: 3, paddedHeight: 2)
        #expect(padded.shape == [1, 3, 2, 3])
        // Each channel: the row, padded on the right, then a row of middle gray.
        #expect(padded.values.prefix(6) == [-1, 1, 0, 0, 0, 0])
        #expect(padded.values.suffix(6) == [-1, 1, 0, 0, 0, 0])
    }

    @Test func inputsAreResizedEitherWay() {
        let image = GrayImage(width: 4, height: 4, pixels: (0..<16).map { UInt8($0 * 16) })
        #expect(image.modelInput(width: 2, height: 2, normalization: .symmetric).shape == [1, 3, 2, 2])
        let enlarged = image.enlargedBilinear(width: 8, height: 8)
        #expect(enlarged.width == 8 && enlarged.pixels.first == 0 && enlarged.pixels.last == 240)
    }

    @Test func aTurnedRectangleIsStraightened() {
        // A dark bar from (20, 20) to (80, 50), turned: straightening the rectangle around it
        // gives dark columns in the middle and light ones at the ends.
        var image = GrayImage(width: 100, height: 100, filledWith: 255)
        let angle = 0.3
        let direction = PixelPoint(x: cos(angle), y: sin(angle))
        let bar = RotatedRectangle(centre: PixelPoint(x: 50, y: 50), length: 40, thickness: 8, direction: direction)
        for y in 0..<100 {
            for x in 0..<100 where bar.contains(PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { image.pixels[y * 100 + x] = 0 }
        }
        let around = RotatedRectangle(centre: bar.centre, length: 60, thickness: 16, direction: direction)
        let straight = image.straightened(around, height: 48)
        #expect(straight.height == 48 && straight.width == 180)
        #expect(straight[90, 24] < 40)  // the middle of the bar
        #expect(straight[5, 24] > 215 && straight[90, 3] > 215)  // beyond its end, above it
    }
}

@Suite struct LineCropTests {
    /// Paper of shade 200 with a dark bar 40 px long and 4 px thick; the line around it is 10 px
    /// thick, so its edges are paper (beyond the reach of the bicubic kernel from the bar).
    private func page() -> (GrayImage, RotatedRectangle) {
        var image = GrayImage(width: 100, height: 40, filledWith: 200)
        for y in 18..<22 { for x in 30..<70 { image.pixels[y * 100 + x] = 10 } }
        return (image, RotatedRectangle(centre: PixelPoint(x: 50, y: 20), length: 50, thickness: 10, direction: PixelPoint(x: 1, y: 0)))
    }

    @Test func smallPrintIsEnlargedAtMostSoManyTimesAndCentredOnPaper() {
        let (image, line) = page()
        let crop = NeuralTextEngine.lineCrop(line, in: image, maximumEnlargement: 3)
        // 30 rows of line (3 x 10) in the middle of 48, 150 columns (3 x 50).
        #expect(crop.height == 48 && crop.width == 150)
        #expect((0..<9).allSatisfy { crop[75, $0] == 200 } && (39..<48).allSatisfy { crop[75, $0] == 200 })
        #expect(crop[75, 24] < 40)  // the bar's middle
        #expect(crop[75, 10] > 180)  // the line's own paper above the bar
    }

    @Test func aLineThickEnoughFillsTheRowsAsBefore() {
        let (image, line) = page()
        let crop = NeuralTextEngine.lineCrop(line, in: image, maximumEnlargement: 5)
        #expect(crop == image.straightened(line, height: 48))
        #expect(crop.width == 240)
    }

    @Test func paddingTakesTheMedianOfTheFirstAndLastRows() {
        // First row 0, 100, 100; last row 100, 250, 250: the median of the six is 100.
        let image = GrayImage(width: 3, height: 2, pixels: [0, 100, 100, 100, 250, 250])
        let padded = image.paddedVertically(to: 5)
        #expect(padded.height == 5 && padded.pixels == [100, 100, 100, 0, 100, 100, 100, 250, 250, 100, 100, 100, 100, 100, 100])
        #expect(image.paddedVertically(to: 2) == image && image.paddedVertically(to: 1) == image)
    }
}
