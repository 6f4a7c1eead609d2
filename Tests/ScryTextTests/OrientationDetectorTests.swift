import Foundation
import ScryCore
import ScryImageIO
import ScryTestSupport
import ScryText
import SystemPackage
import Testing

/// A page of prose stored as a camera in `orientation` would store it (ImageMagick turns it),
/// then detected: the estimate must give back that orientation.
@Test(arguments: [ImageOrientation.up, .right, .down, .left])
func orientationDetectionFindsHowThePageIsTurned(_ orientation: ImageOrientation) throws {
    let directory = try makeTemporaryDirectory()
    let path = directory.appendingPathComponent("stored.png").path
    var arguments = ["-size", "1280x720", "xc:white", "-font", "DejaVu-Serif", "-fill", "black", "-pointsize", "28"]
    let lines = [
        "It was the best of times, it was the worst of times, it was",
        "the age of wisdom, it was the age of foolishness, it was the",
        "epoch of belief, it was the epoch of incredulity, it was the",
        "season of Light, it was the season of Darkness, it was the",
        "spring of hope, it was the winter of despair, we had everything",
    ]
    for (index, line) in lines.enumerated() { arguments += ["-annotate", "+60+\(100 + index * 50)", line] }
    try runTool("convert", arguments + storingOperation(orientation) + [path])
    let stored = try ImageFile.readGray(path: FilePath(path))
    let estimate = try #require(try OrientationDetector().estimate(in: stored))
    #expect(estimate.imageOrientation == orientation)
    #expect(estimate.confidence >= OrientationEstimate.tesseractThreshold)
}

@Test func aBlankFrameHasNoConfidentOrientation() throws {
    let estimate = try OrientationDetector().estimate(in: GrayImage(width: 1280, height: 720, filledWith: 255))
    #expect((estimate?.confidence ?? 0) < OrientationEstimate.tesseractThreshold)
}
