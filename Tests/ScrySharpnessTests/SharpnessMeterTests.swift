import ScryCore
import ScryDumps
import ScryImageIO
import ScrySharpness
import ScryTestSupport
import SystemPackage
import Testing

/// Photos and pages of different kinds, each as found and blurred by ImageMagick (a Gaussian
/// of sigma 2 pixels, as a camera out of focus gives): the one sharp, the other not, by the
/// default threshold, and the score falls as the blur grows.
struct SharpnessMeterTests {
    /// A real camera photo (faces), a scanned receipt, and the demo dump's book page.
    static let images: [String] = [
        RepositoryPaths.facePhotos.appendingPathComponent("2008_002470.jpg").path,
        RepositoryPaths.eval.appendingPathComponent("text/sroie/018.jpg").path,
    ]

    private func blurred(_ path: String, sigma: Int) throws -> GrayImage {
        let output = try makeTemporaryDirectory().appendingPathComponent("blurred.png").path
        try runTool("convert", [path, "-colorspace", "Gray", "-blur", "0x\(sigma)", output])
        return try ImageFile.readGray(path: FilePath(output))
    }

    /// The demo dump's book page (frame 4) written as a PNG.
    private func demoPage() throws -> String {
        let directory = try makeTemporaryDirectory()
        let dump = RepositoryPaths.calibration.appendingPathComponent("demo.scrydump").path
        let reader = try FrameDumpReader(path: FilePath(dump))
        while let frame = try reader.next() {
            guard frame.sequence == 4 else { continue }
            let path = directory.appendingPathComponent("page.png").path
            try ImageFile.writePNG(try GrayImage(frame: frame), to: FilePath(path))
            return path
        }
        throw FrameDumpError.badMagic
    }

    @Test func inFocusIsSharpAndBlurredIsNot() throws {
        for path in Self.images + [try demoPage()] {
            let sharp = SharpnessMeter.score(of: try ImageFile.readGray(path: FilePath(path)))
            let scores = try [1, 2, 3].map { SharpnessMeter.score(of: try blurred(path, sigma: $0)) }
            #expect(sharp >= SharpnessDetector.defaultMinimumScore, "\(path): \(sharp)")
            #expect(scores[1] < SharpnessDetector.defaultMinimumScore && scores[1] < sharp / 10, "\(path): \(sharp) \(scores)")
            #expect(sharp > scores[0] && scores[0] > scores[1] && scores[1] > scores[2], "\(path): \(sharp) \(scores)")
        }
    }

    @Test func aBlankOrTinyImageScoresNothing() {
        #expect(SharpnessMeter.score(of: GrayImage(width: 64, height: 48, filledWith: 153)) == 0)
        #expect(SharpnessMeter.score(of: GrayImage(width: 2, height: 400, filledWith: 0)) == 0)
    }

    /// In a stream, a line at the first frame and at each change of verdict only; every frame
    /// with `everyFrame`; image files, every image.
    @Test func aStreamHearsOfEachChangeOnce() throws {
        let page = try ImageFile.readGray(path: FilePath(try demoPage()))
        let blur = try blurred(try demoPage(), sigma: 3)
        let frames = [page, page, blur, blur, page]
        func lines(_ tracking: TrackingPolicy?) -> [String] {
            let detector = SharpnessDetector(tracking: tracking)
            return frames.enumerated().flatMap { index, image in
                let frame = Frame(
                    sequence: UInt64(index), timestampNanoseconds: UInt64(index) * 33_000_000, pixelFormat: .grey,
                    width: image.width, height: image.height, bytesPerLine: image.width, payload: image.pixels)
                return detector.detect(DetectorInput(frame: frame, upright: image)).events.compactMap {
                    ($0 as? SharpnessLine).map { "\($0.source.members["frame"]!.serialized) \($0.measure.isSharp)" }
                }
            }
        }
        #expect(lines(TrackingPolicy()) == ["0 true", "2 false", "4 true"])
        #expect(lines(TrackingPolicy(everyFrame: true)).count == 5)
        #expect(lines(nil).count == 5)
    }
}
